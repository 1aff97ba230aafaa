import type { SharedPlanResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import Page from '../features/plans/shared-plan-page';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

// Shared plans stay out of search engines, in the HTML too (the API also sends X-Robots-Tag).
export const meta = () => [
  ...pageMeta('Shared media plan'),
  { name: 'robots', content: 'noindex, nofollow' },
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

// A navigation inside the app asks the API from the page itself (features/plans/api/get-shared-plan.ts).
export const clientLoader = () => null;

export default function SharedPlanRoute() {
  const plan = useLoaderData<typeof loader>() as SharedPlanResponse | null;
  return <Page rendered={plan ?? undefined} />;
}
