import type { AgencyClientWithSpend, Approval, BriefDetail } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { briefAction } from '../features/briefs/brief-actions';
import Page from '../features/briefs/brief-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Brief');

/**
 * A brief and its proposals, rendered on the server; accept, counter, decline, book and asking the client's
 * approval are the action. A brief for an agency's client also reads the agency's approval links of its
 * proposals and whether the client signs off plans first (decision 092).
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = encodeURIComponent(args.params.briefId ?? '');
  const [brief] = await signedInLoad<[BriefDetail]>(args, [`/api/briefs/${id}`]);
  if (!brief?.client_id) return { brief, approvals: [], approvalRequired: false };
  const [links, clients] = await signedInLoad<[{ data: Approval[] }, { data: AgencyClientWithSpend[] }]>(
    args,
    ['/api/agency/approvals', '/api/agency/clients'],
  );
  const ids = new Set(brief.proposals.map((p) => p.id));
  return {
    brief,
    approvals: (links?.data ?? []).filter((a) => a.proposal_id !== null && ids.has(a.proposal_id)),
    approvalRequired: clients?.data.find((c) => c.id === brief.client_id)?.approval_required ?? false,
  };
}

export const action = briefAction;

export default function BriefRoute() {
  const { brief, approvals, approvalRequired } = useLoaderData<typeof loader>();
  return <Page brief={brief} approvals={approvals} approvalRequired={approvalRequired} />;
}
