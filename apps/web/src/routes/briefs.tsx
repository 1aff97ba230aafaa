import type { AgencyClientWithSpend, BriefList } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { briefsAction } from '../features/briefs/brief-actions';
import Page from '../features/briefs/briefs-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('Briefs');

/**
 * The buyer's briefs, rendered on the server (lib/signed-in-loader.ts); posting one is the action. An agency's
 * admin or planner also gets the agency's clients (decision 092), so the form's "For client" is in the HTML
 * and works before the scripts run; anyone else is refused them (null: no choice shown).
 */
export async function loader(args: LoaderFunctionArgs) {
  const [list, clients] = await signedInLoad<[BriefList, { data: AgencyClientWithSpend[] }]>(args, [
    '/api/briefs',
    '/api/agency/clients',
  ]);
  return { briefs: list, clients: clients?.data ?? [] };
}

export const action = briefsAction;

export default function BriefsRoute() {
  const { briefs, clients } = useLoaderData<typeof loader>();
  return <Page briefs={briefs} clients={clients} />;
}
