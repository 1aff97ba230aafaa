import type { Campaign } from '@ooh/shared';
import { type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import CampaignPage from '../features/campaigns/campaign-page';
import { pageMeta } from '../lib/page-meta';
import { apiAnswer } from '../lib/server-api';

/**
 * A standard campaign arrives rendered with its name, photos and places (its first photo is the page's
 * largest paint, which waited for the app, the campaign's answer and the map's chunk when the browser drew it
 * all). A customized campaign belongs to its buyer and an unknown id is "not found": both render in the
 * browser, as before. This browser's dates for the campaign join once hydrated
 * (lib/campaigns/use-working-campaign.ts).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseId(params.campaignId);
  if (id === null) return null;
  const answer = await apiAnswer<Campaign>(context, request, `/api/campaign/${id}`);
  return answer.status === 200 ? answer.body : null;
}

// A navigation inside the app loads the campaign from the page itself, as before.
export const clientLoader = () => null;

export function meta({ data: campaign }: MetaArgs<typeof loader>) {
  return pageMeta(campaign ? campaign.name.trim() || 'Untitled Campaign' : 'Campaign');
}

export default function CampaignRoute() {
  const campaign = useLoaderData<typeof loader>() as Campaign | null;
  return <CampaignPage rendered={campaign ?? undefined} />;
}
