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

/**
 * The campaign as the page reads it. A standard campaign's page arrives with it (routes/campaign.tsx puts it
 * in the loader's dehydrated cache under this key); a customized one is asked for from the browser.
 */
export function useCampaignDetail(campaignId: number, enabled = true) {
  return useQuery({
    queryKey: campaignDetailKey(campaignId),
    queryFn: ({ signal }) => fetchCampaignDetail(campaignId, signal),
    enabled: enabled && Number.isInteger(campaignId) && campaignId > 0,
    retry: false,
    // The working copy lives in campaignData; a fresh server copy is only needed once per visit (gcTime 0
    // ends the visit), and the copy the server rendered the page with is that visit's (asking again
    // re-rendered the whole page).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
