import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import CustomizePage from '../features/customize/customize-page';
import { filterParamsQuery } from '../lib/filters/get-filter-params';
import { type LoaderQueries, loadPublicQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';

/**
 * The filter panel's choices arrive in the HTML (their query in the loader's dehydrated cache), so the panel
 * hydrates with them and the browser neither asks for them nor renders the page again once they come. The
 * list itself is the browser's (it depends on this browser's dates and draft).
 */
export function loader(args: LoaderFunctionArgs): Promise<LoaderQueries> {
  return loadPublicQueries(args, [filterParamsQuery()]);
}

export const meta: MetaFunction = (args) =>
  pageMeta('Customize Your Campaign', args, {
    description:
      'Build your own outdoor campaign: choose sites by city, format and price, pick dates, and book online.',
  });

export default function CustomizeRoute() {
  return <CustomizePage />;
}
