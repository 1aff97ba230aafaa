import type { CampaignType } from '@ooh/shared';
import { apiRequest } from '../api-client';

/**
 * GET /find_campaign_type?campaign_id= -> {data: "standard" | "customized"}. Errors are swallowed (SPEC
 * section 4): null means "unknown", and the caller falls back to the public standard load.
 */
export async function findCampaignType(campaignId: number): Promise<CampaignType | null> {
  try {
    const answer = await apiRequest<{ data: CampaignType }>('/find_campaign_type', {
      query: { campaign_id: campaignId },
      redirectOn401: false,
    });
    return answer.data;
  } catch {
    return null;
  }
}
