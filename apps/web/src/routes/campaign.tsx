import type { Campaign } from '@ooh/shared';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type MetaArgs, useLoaderData } from 'react-router';
import { parseId } from '../components/not-found';
import CampaignPage from '../features/campaigns/campaign-page';
import { campaignDetailKey } from '../lib/campaigns/get-campaign-detail';
import { loadCampaign } from '../lib/campaigns/load-campaign';
import { siteHoldsQuery } from '../lib/holds/holds-api';
import { ensureAnswers, type LoaderQueries, loadedQueryData } from '../lib/loader-queries';
import { descriptionOf, pageMeta } from '../lib/page-meta';
import { hasSessionHint } from '../lib/session';

/** A saved campaign's Client approval forms (decision 092) and the lines' holds buttons (decision 082). */
export { campaignAction as action } from '../features/campaigns/campaign-approval-action';

/**
 * A standard campaign arrives rendered with its name, photos and places (its first photo is the page's
 * largest paint) and its head (title, description, canonical, Open Graph): its query is in the loader's
 * dehydrated cache (lib/loader-queries.ts). An unknown id renders its not-found page with status 404. A
 * customized campaign belongs to its buyer: it renders in the browser, as before. This browser's dates for
 * the campaign join once hydrated (lib/campaigns/use-working-campaign.ts). Signed in, the lines' holds
 * (GET /api/holds/sites) come with it: a read with the session, so the page is this browser's alone
 * (plugins/web-app.ts never shares a page rendered from a non-catalogue answer).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const client = new QueryClient();
  const id = parseId(params.campaignId);
  const missing = await loadCampaign(context, request, id, client);
  if (missing) return data({ missing: true as const }, { status: 404 });
  const campaign = id === null ? undefined : client.getQueryData<Campaign>(campaignDetailKey(id));
  if (campaign?.products.length && hasSessionHint(request.headers.get('cookie'))) {
    const ids = campaign.products.map((e) => e.product.id);
    await ensureAnswers({ request, context }, client, [siteHoldsQuery(ids)]);
  }
  return { dehydratedState: dehydrate(client) } satisfies LoaderQueries;
}

export function meta({ data: loaded, location, matches, params }: MetaArgs<typeof loader>) {
  const place = { location, matches };
  if (loaded && 'missing' in loaded) return pageMeta('Campaign not found', place, { noindex: true });
  const id = parseId(params.campaignId);
  const campaign = id === null ? undefined : loadedQueryData<Campaign>(loaded, campaignDetailKey(id));
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
  const loaded = useLoaderData<typeof loader>() as { missing: true } | LoaderQueries | null;
  return <CampaignPage missing={Boolean(loaded && 'missing' in loaded)} />;
}
