import type { Approval } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The query key of one campaign's approval links, per user (another account never sees a cached copy). */
export const campaignApprovalsKey = (phoneNumber: string, campaignId: number) =>
  ['agency', phoneNumber, 'approvals', campaignId] as const;

/** GET /api/agency/approvals?campaign_id=: the campaign's links, newest first (never their tokens). */
export function useCampaignApprovals(phoneNumber: string | undefined, campaignId: number, enabled: boolean) {
  return useQuery({
    queryKey: campaignApprovalsKey(phoneNumber ?? '', campaignId),
    queryFn: async (): Promise<Approval[]> =>
      (
        await apiRequest<{ data: Approval[] }>('/agency/approvals', {
          query: { campaign_id: campaignId },
          redirectOn401: false,
        })
      ).data,
    enabled: enabled && Boolean(phoneNumber),
  });
}
