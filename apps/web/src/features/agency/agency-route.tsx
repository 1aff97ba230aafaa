import type { AgencyClientWithSpend, AgencyMember, Agency as AgencyRow } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { pageMeta } from '../../lib/page-meta';
import { signedInLoad } from '../../lib/signed-in-loader';
import { agencyAction } from './agency-action';
import AgencyPage, { type RenderedAgency } from './agency-page';

export const meta = () => pageMeta('Agency');

/**
 * Rendered on the server with the user's agency, team and clients (lib/signed-in-loader.ts: signed out, the
 * sign-in page that comes back here). A user of no agency gets 404 on all three: the page offers to create
 * one. A planner's team and an approver's clients are 403: null, and the page says who manages them.
 */
export async function loader(args: LoaderFunctionArgs): Promise<RenderedAgency> {
  const [agency, members, clients] = await signedInLoad<
    [{ data: AgencyRow }, { data: AgencyMember[] }, { data: AgencyClientWithSpend[] }]
  >(args, ['/api/agency', '/api/agency/members', '/api/agency/clients']);
  return { agency: agency?.data ?? null, members: members?.data ?? null, clients: clients?.data ?? null };
}

/** The page's forms, sent before the scripts ran or after (agency-action.ts). */
export const action = agencyAction;

export default function AgencyRoute() {
  return <AgencyPage rendered={useLoaderData<typeof loader>()} />;
}
