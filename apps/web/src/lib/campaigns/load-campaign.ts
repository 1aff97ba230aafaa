import type { Campaign } from '@ooh/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { AppLoadContext } from 'react-router';
import { apiAnswer } from '../server-api';
import { campaignDetailKey } from './get-campaign-detail';

/**
 * A campaign page's loader read (routes/campaign.tsx, and a site opened from a campaign in
 * routes/product.tsx): a standard campaign's answer goes into the loader's cache under the page's query key
 * (`ensureQueryData`, handed over dehydrated: lib/loader-queries.ts); "missing" when no campaign of either
 * kind has this id (the standard read's 404 may be a customized campaign, which belongs to its buyer and
 * renders in the browser: the type check tells them apart); null otherwise (the browser asks).
 */
export async function loadCampaign(
  context: AppLoadContext | undefined,
  request: Request,
  id: number | null,
  client: QueryClient,
): Promise<'missing' | null> {
  if (id === null) return 'missing';
  const answer = await apiAnswer<Campaign>(context, request, `/api/campaign/${id}`);
  if (answer.status === 200) {
    await client.ensureQueryData({ queryKey: campaignDetailKey(id), queryFn: () => answer.body });
    return null;
  }
  if (answer.status === 400) return 'missing';
  if (answer.status !== 404) return null;
  const kind = await apiAnswer(context, request, `/api/find_campaign_type?campaign_id=${id}`);
  return kind.status === 400 || kind.status === 404 ? 'missing' : null;
}
