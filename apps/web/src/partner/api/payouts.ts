import type { MemberRole, PayoutsQuery, PayoutsResponse } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * Who sees money in the console (docs/product-rules.md section 7, decision 046): admins and managers read
 * statements and payouts; field members post proofs and read bookings, never amounts owed.
 */
export const canSeeMoney = (role: MemberRole) => role !== 'field';

export const payoutsKey = ['partner', 'payouts'] as const;

/** GET /api/partner/payouts: the owner's payouts per line, recoveries, totals and linked account. */
export function usePartnerPayouts(query: PayoutsQuery, enabled = true) {
  return useQuery({
    queryKey: [...payoutsKey, query],
    queryFn: ({ signal }) =>
      apiRequest<PayoutsResponse>('/partner/payouts', { query: { ...query }, signal, redirectOn401: false }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
