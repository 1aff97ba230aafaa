import type { ProductListResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { contactAction } from '../features/home/api/contact-action';
import HomePage, { POPULAR_SITES } from '../features/home/home-page';
import { pageMeta } from '../lib/page-meta';
import { HOME_TITLE } from '../lib/page-title';
import { apiAnswer } from '../lib/server-api';

/**
 * The popular sites arrive with the page: the carousel hydrates with its cards, and the browser neither asks
 * for them nor renders the page again when they come (its blocking time on a slow phone).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const answer = await apiAnswer<ProductListResponse>(
    context,
    request,
    `/api/product/?page=1&page_size=${POPULAR_SITES}`,
  );
  return answer.status === 200 ? answer.body : null;
}

/** The contact form, when it is sent before the page's scripts ran (features/home/api/contact-action.ts). */
export const action = contactAction;

export const meta: MetaFunction = (args) => pageMeta(HOME_TITLE, args);

export default function HomeRoute() {
  const popular = useLoaderData<typeof loader>() as ProductListResponse | null;
  return <HomePage popular={popular ?? undefined} />;
}
