import type { Campaign } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { isSignedIn } from '../session';
import { findCampaignType } from './find-campaign-type';
import { fetchStandardCampaign } from './get-campaign';
import { fetchCustomizedCampaign } from './get-customized-campaign';

/**
 * The campaign page's load (docs/product-spec.md section 4, "Campaign type"): look the type up, then load a standard
 * campaign publicly or a customized one with the token. A customized campaign without a token, like any
 * failed load, is an error the page answers by going to /.
 */
export async function fetchCampaignDetail(campaignId: number, signal?: AbortSignal) {
  const type = await findCampaignType(campaignId);
  if (type === 'customized') {
    if (!isSignedIn()) throw new ApiError(401, 'unauthorized', 'Sign in to see this campaign.');
    return fetchCustomizedCampaign(campaignId, signal);
  }
  return fetchStandardCampaign(campaignId, signal);
}

export const campaignDetailKey = (campaignId: number) => ['campaign-detail', campaignId] as const;

const firstSeen = new WeakMap<Campaign, number>();
/** When this browser first had the server's copy: the same for every query made from it. */
function renderedAt(rendered: Campaign): number {
  let at = firstSeen.get(rendered);
  if (at === undefined) {
    at = Date.now();
    firstSeen.set(rendered, at);
  }
  return at;
}

/** `rendered`: the standard campaign the server rendered the page with (routes/campaign.tsx). */
export function useCampaignDetail(campaignId: number, enabled = true, rendered?: Campaign) {
  return useQuery({
    queryKey: campaignDetailKey(campaignId),
    queryFn: ({ signal }) => fetchCampaignDetail(campaignId, signal),
    initialData: rendered,
    // gcTime 0 drops the query made while hydrating before the page subscribes, and the one made again
    // then would say its data arrived later: the page rendered again, whole and synchronously, for a date.
    initialDataUpdatedAt: rendered ? renderedAt(rendered) : undefined,
    enabled: enabled && Number.isInteger(campaignId) && campaignId > 0,
    retry: false,
    // The working copy lives in campaignData; a fresh server copy is only needed once per visit, and the
    // copy the server rendered the page with is that visit's (asking again re-rendered the whole page).
    staleTime: rendered ? Number.POSITIVE_INFINITY : 0,
    gcTime: 0,
  });
}
