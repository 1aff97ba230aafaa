import type { MemberRole, PayoutsQuery, PayoutsResponse } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../lib/api-query';

/**
 * Who sees money in the console (docs/product-rules.md section 7, decision 046): admins and managers read
 * statements and payouts; field members post proofs and read bookings, never amounts owed.
 */
export const canSeeMoney = (role: MemberRole) => role !== 'field';

export const payoutsKey = ['partner', 'payouts'] as const;

/**
 * GET /api/partner/payouts: the owner's payouts per line, recoveries, totals and linked account. The
 * payouts and bookings screens' loaders ask the same on the server; a field member's 403 is left out there.
 */
export const partnerPayoutsQuery = (query: PayoutsQuery) =>
  apiQueryOptions<PayoutsResponse>([...payoutsKey, query], {
    path: '/partner/payouts',
    query: { ...query },
    redirectOn401: false,
  });

export function usePartnerPayouts(query: PayoutsQuery, enabled = true) {
  return useQuery({ ...partnerPayoutsQuery(query), placeholderData: keepPreviousData, enabled });
}
