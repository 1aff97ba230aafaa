import type { SharedPlanResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import Page from '../features/plans/shared-plan-page';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

// Shared plans stay out of search engines, in the HTML too (the API also sends X-Robots-Tag).
export const meta: MetaFunction<typeof loader> = ({ data: plan, location, matches }) => [
  ...pageMeta(
    plan ? `Media plan: ${plan.plan.title}` : 'Shared media plan',
    { location, matches },
    {
      description:
        'A media plan of outdoor advertising sites shared with you: see the sites, dates and prices.',
      noindex: true,
      robots: 'noindex, nofollow',
    },
  ),
];

/**
 * A shared plan is public (no account needed): rendered on the server with the plan its link names. An
 * unknown, expired or revoked link renders in the browser, which says so (404, 410). The API's answer is
 * never kept (no-store): a revoked link stops at once.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const path = `/api/plans/shared/${encodeURIComponent(params.token ?? '')}`;
  const answer = await apiAnswer<SharedPlanResponse>(context, request, path);
  return answer.status === 200 ? answer.body : null;
}

export default function SharedPlanRoute() {
  const plan = useLoaderData<typeof loader>() as SharedPlanResponse | null;
  return <Page rendered={plan ?? undefined} />;
}
