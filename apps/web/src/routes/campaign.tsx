import type { Campaign } from '@ooh/shared';
import { data, type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import CampaignPage from '../features/campaigns/campaign-page';
import { loadCampaign } from '../lib/campaigns/load-campaign';
import { descriptionOf, pageMeta } from '../lib/page-meta';

/**
 * A standard campaign arrives rendered with its name, photos and places (its first photo is the page's
 * largest paint) and its head (title, description, canonical, Open Graph). An unknown id renders its
 * not-found page with status 404. A customized campaign belongs to its buyer: it renders in the browser, as
 * before. This browser's dates for the campaign join once hydrated (lib/campaigns/use-working-campaign.ts).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const campaign = await loadCampaign(context, request, parseId(params.campaignId));
  if (campaign === 'missing') return data({ missing: true as const }, { status: 404 });
  return campaign;
}

export function meta({ data: campaign, location, matches }: MetaArgs<typeof loader>) {
  const place = { location, matches };
  if (campaign && 'missing' in campaign) return pageMeta('Campaign not found', place, { noindex: true });
  if (!campaign) return pageMeta('Campaign', place);
  const sites = `${campaign.total_locations} ${campaign.total_locations === 1 ? 'site' : 'sites'}`;
  return pageMeta(campaign.name.trim() || 'Untitled Campaign', place, {
    description: descriptionOf(
      campaign.description.trim()
        ? `${campaign.description.trim()} ${sites}, booked together.`
        : `A ready-made outdoor campaign of ${sites}: see the places, pick dates and book online.`,
    ),
    image: campaign.images[0],
  });
}

export default function CampaignRoute() {
  const campaign = useLoaderData<typeof loader>() as Campaign | { missing: true } | null;
  if (campaign && 'missing' in campaign) return <CampaignPage missing />;
  return <CampaignPage rendered={campaign ?? undefined} />;
}
