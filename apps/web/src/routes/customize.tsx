import type { FilterParamsResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import CustomizePage from '../features/customize/customize-page';
import { FILTER_PARAMS_URL } from '../lib/filters/get-filter-params';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

/**
 * The filter panel's choices arrive in the HTML, so the panel hydrates with them and the browser neither asks
 * for them nor renders the page again once they come. The list itself is the browser's (it depends on this
 * browser's dates and draft).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const answer = await apiAnswer<FilterParamsResponse>(context, request, FILTER_PARAMS_URL);
  return answer.status === 200 ? answer.body.filters : null;
}

export const meta: MetaFunction = (args) =>
  pageMeta('Customize Your Campaign', args, {
    description:
      'Build your own outdoor campaign: choose sites by city, format and price, pick dates, and book online.',
  });

export default function CustomizeRoute() {
  const filters = useLoaderData<typeof loader>();
  return <CustomizePage filters={filters ?? undefined} />;
}
