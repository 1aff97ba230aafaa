import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { contactAction } from '../features/home/api/contact-action';
import HomePage, { POPULAR_QUERY } from '../features/home/home-page';
import { type LoaderQueries, loadPublicQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';
import { HOME_TITLE } from '../lib/page-title';
import { productPageQuery } from '../lib/products/list-products';

/**
 * The popular sites arrive with the page (their query in the loader's dehydrated cache,
 * lib/loader-queries.ts): the carousel hydrates with its cards, and the browser neither asks for them nor
 * renders the page again when they come (its blocking time on a slow phone).
 */
export function loader(args: LoaderFunctionArgs): Promise<LoaderQueries> {
  return loadPublicQueries(args, [productPageQuery(POPULAR_QUERY)]);
}

/** The contact form, when it is sent before the page's scripts ran (features/home/api/contact-action.ts). */
export const action = contactAction;

export const meta: MetaFunction = (args) => pageMeta(HOME_TITLE, args);

export default function HomeRoute() {
  return <HomePage />;
}
