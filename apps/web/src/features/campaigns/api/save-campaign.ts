import type { CampaignDataResponse, SaveCampaignBody } from '@ooh/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /save_campaign/ (token): {campaign_id, products with dates} -> {data: the saved campaign}. */
export function saveCampaign(body: SaveCampaignBody, idempotencyKey?: string): Promise<CampaignDataResponse> {
  return apiRequest<CampaignDataResponse>('/save_campaign/', { method: 'POST', body, idempotencyKey });
}

export function useSaveCampaign() {
  return useMutation({
    mutationFn: ({ body, key }: { body: SaveCampaignBody; key: string }) => saveCampaign(body, key),
  });
}
