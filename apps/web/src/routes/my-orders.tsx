import type { BookedCampaignsResponse, SavedCampaignsResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import Page, { isBookedTab, type RenderedOrders } from '../features/orders/my-orders-page';
import { holdAction } from '../lib/holds/hold-action';
import { holdsQuery } from '../lib/holds/holds-api';
import { type LoaderQueries, loadQueries } from '../lib/loader-queries';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('My Orders');

/** The holds' buttons sent before the scripts ran, or with them off (lib/holds/hold-action.ts). */
export const action = holdAction;

/**
 * A signed-in page rendered on the server with the list its tab shows: the holds as the Holds tab's query,
 * dehydrated (lib/loader-queries.ts); the saved campaigns, or the booked ones for Upcoming, Ongoing and
 * Completed, as the page's `rendered` lists (their queries are keyed by the phone number, which only this
 * browser's session storage knows, so the server cannot name their keys).
 */
export async function loader(args: LoaderFunctionArgs): Promise<RenderedOrders | LoaderQueries> {
  const tab = new URL(args.request.url).searchParams.get('tab');
  if (tab === 'holds') return loadQueries(args, [holdsQuery()]);
  if (!isBookedTab(tab)) {
    const [list] = await signedInLoad<[SavedCampaignsResponse]>(args, ['/api/saved_campaigns/']);
    return { saved: list ?? undefined };
  }
  const [list] = await signedInLoad<[BookedCampaignsResponse]>(args, ['/api/booked_campaigns/']);
  return { booked: list ?? undefined };
}

export default function MyOrdersRoute() {
  const rendered = useLoaderData<typeof loader>() as RenderedOrders | LoaderQueries | null;
  return <Page rendered={rendered && !('dehydratedState' in rendered) ? rendered : undefined} />;
}
