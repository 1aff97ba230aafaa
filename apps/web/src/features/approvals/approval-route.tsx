import type { PublicApproval } from '@ooh/shared';
import { data, type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { pageMeta } from '../../lib/page-meta';
import { apiAnswer } from '../../lib/server-api';
import { approvalAction } from './approval-action';
import ApprovalPage from './approval-page';

/**
 * /approvals/{token}: the client's approver, who has no account, reads the plan an agency asks them to
 * approve and decides (decision 092). Rendered on the server from GET /api/approvals/{token} (no session), so
 * the page and its form work before the scripts run. An unknown token renders "not found" with 404.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const token = encodeURIComponent(params.token ?? '');
  const answer = await apiAnswer<{ data: PublicApproval }>(context, request, `/api/approvals/${token}`);
  if (answer.status !== 200) return data({ approval: null }, { status: answer.status === 404 ? 404 : 500 });
  return { approval: answer.body.data };
}

export const action = approvalAction;

// The token is the only key to the page: kept out of search engines, and out of every cache (headers).
export function meta({ data: loaded, location, matches }: MetaArgs<typeof loader>) {
  const approval = loaded?.approval;
  return pageMeta(
    approval ? `Approve the plan: ${approval.campaign_name}` : 'Approval link',
    { location, matches },
    {
      description: 'A media plan an agency asks you to approve before it books.',
      noindex: true,
      robots: 'noindex, nofollow',
    },
  );
}

/** One approver's page: neither a shared cache nor the browser's keeps it (web-app.ts honours no-store). */
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

/** The decision changes the state shown: read it again after every answer, a refusal's too (409, 410). */
export const shouldRevalidate = () => true;

export default function ApprovalRoute() {
  return <ApprovalPage approval={useLoaderData<typeof loader>().approval} />;
}
