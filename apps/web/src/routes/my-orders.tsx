import type { BookedCampaignsResponse, HoldList, SavedCampaignsResponse } from '@ooh/shared';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import Page, { isBookedTab, type RenderedOrders } from '../features/orders/my-orders-page';
import { pageMeta } from '../lib/page-meta';
import { signedInLoad } from '../lib/signed-in-loader';

export const meta = () => pageMeta('My Orders');

/**
 * A signed-in page rendered on the server with the list its tab shows (lib/signed-in-loader.ts): the saved
 * campaigns, the booked ones for Upcoming, Ongoing and Completed, or the holds.
 */
export async function loader(args: LoaderFunctionArgs): Promise<RenderedOrders> {
  const tab = new URL(args.request.url).searchParams.get('tab');
  if (tab === 'holds') {
    const [list] = await signedInLoad<[HoldList]>(args, ['/api/holds']);
    return { holds: list ?? undefined };
  }
  if (!isBookedTab(tab)) {
    const [list] = await signedInLoad<[SavedCampaignsResponse]>(args, ['/api/saved_campaigns/']);
    return { saved: list ?? undefined };
  }
  const [list] = await signedInLoad<[BookedCampaignsResponse]>(args, ['/api/booked_campaigns/']);
  return { booked: list ?? undefined };
}

export default function MyOrdersRoute() {
  const rendered = useLoaderData<typeof loader>() as RenderedOrders | null;
  return <Page rendered={rendered ?? undefined} />;
}
