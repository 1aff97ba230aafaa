import type { SharedPlanResponse } from '@ooh/shared';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { sharedPlanQuery } from '../features/plans/api/get-shared-plan';
import Page from '../features/plans/shared-plan-page';
import { type LoaderQueries, loadedQueryData, loadPublicQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';

// Shared plans stay out of search engines, in the HTML too (the API also sends X-Robots-Tag).
export const meta: MetaFunction<typeof loader> = ({ data: loaded, location, matches, params }) => {
  const plan = loadedQueryData<SharedPlanResponse>(loaded, sharedPlanQuery(params.token ?? '').queryKey);
  return pageMeta(
    plan ? `Media plan: ${plan.plan.title}` : 'Shared media plan',
    { location, matches },
    {
      description:
        'A media plan of outdoor advertising sites shared with you: see the sites, dates and prices.',
      noindex: true,
      robots: 'noindex, nofollow',
    },
  );
};

/**
 * A shared plan is public (no account needed): rendered on the server with the plan its link names (its
 * query in the loader's dehydrated cache). An unknown, expired or revoked link renders in the browser, which
 * says so (404, 410). The API's answer is never kept (no-store): a revoked link stops at once.
 */
export function loader(args: LoaderFunctionArgs): Promise<LoaderQueries> {
  return loadPublicQueries(args, [sharedPlanQuery(args.params.token ?? '')]);
}

export default function SharedPlanRoute() {
  return <Page />;
}
