import type { Campaign } from '@ooh/shared';
import { apiRequest } from '../api-client';

/** GET /campaign/{id}: a standard campaign, public, as the bare object (docs/product-rules.md section 4). */
export function fetchStandardCampaign(campaignId: number, signal?: AbortSignal): Promise<Campaign> {
  return apiRequest<Campaign>(`/campaign/${campaignId}`, { signal });
}
