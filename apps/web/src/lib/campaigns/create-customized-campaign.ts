import type { CampaignDataResponse, CreateCustomizedCampaignBody } from '@ooh/shared';
import { apiRequest } from '../api-client';

/**
 * POST /create_customized_campaign/ (token): {name, products} -> {data: the new campaign with its id}.
 * With `idempotencyKey` a repeat answers the campaign the first call created.
 */
export function createCustomizedCampaign(
  body: CreateCustomizedCampaignBody,
  idempotencyKey?: string,
): Promise<CampaignDataResponse> {
  return apiRequest<CampaignDataResponse>('/create_customized_campaign/', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
