import type { Campaign } from '@ooh/shared';
import { apiRequest } from '../api-client';

/**
 * GET /customized_campaign/{id}/ (token): the caller's customized campaign. The API answers the bare
 * campaign (like GET /campaign/{id}); a `{data: campaign}` wrapper is accepted too, since docs/product-spec.md section 7
 * only says "200 gives data".
 */
export async function fetchCustomizedCampaign(campaignId: number, signal?: AbortSignal): Promise<Campaign> {
  const answer = await apiRequest<Campaign | { data: Campaign }>(`/customized_campaign/${campaignId}/`, {
    signal,
  });
  return 'products' in answer ? answer : answer.data;
}
