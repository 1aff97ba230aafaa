import type { CampaignDataResponse, SaveCampaignBody } from '@ooh/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /save_campaign/ (token): {campaign_id, name, products with dates} -> {data: the saved campaign}. */
export function saveCampaign(body: SaveCampaignBody, idempotencyKey?: string): Promise<CampaignDataResponse> {
  return apiRequest<CampaignDataResponse>('/save_campaign/', { method: 'POST', body, idempotencyKey });
}
