import type { Campaign, CampaignDataResponse } from '@ooh/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /customized_campaign/{id}/ (token): the caller's customized campaign under `data`. */
export async function fetchCustomizedCampaign(campaignId: number, signal?: AbortSignal): Promise<Campaign> {
  const answer = await apiRequest<CampaignDataResponse>(`/customized_campaign/${campaignId}/`, { signal });
  return answer.data;
}
