import type { CreativeRejectBody, PartnerCreativeLine, PartnerCreativesResponse } from '@ooh/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { apiQueryOptions } from '../../../../lib/api-query';

export type CreativeFilter = 'submitted' | 'approved' | 'rejected' | 'all';

/**
 * GET /api/partner/creatives?status=: creatives of lines on the owner's sites. The artwork screen's loader
 * asks the same on the server (lib/loader-queries.ts).
 */
export const partnerCreativesQuery = (status: CreativeFilter) =>
  apiQueryOptions<PartnerCreativesResponse>(['partner', 'creatives', status], {
    path: '/partner/creatives',
    query: { status },
  });

export function usePartnerCreatives(status: CreativeFilter) {
  return useQuery({ ...partnerCreativesQuery(status), placeholderData: keepPreviousData });
}

/** Approve, or reject with a reason; the lists are asked again afterwards. */
export function useReviewCreative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, reject }: { lineId: number; reject?: CreativeRejectBody }) =>
      apiRequest<{ data: PartnerCreativeLine }>(
        `/partner/lines/${lineId}/creative/${reject ? 'reject' : 'approve'}`,
        { method: 'POST', body: reject },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['partner', 'creatives'] }),
  });
}
