import type { PayoutActionBody, PayoutActionResponse, PayoutsQuery, PayoutsResponse } from '@ooh/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsKeys, opsPost, opsQuery, ownerChoicesQuery } from '../../../lib/ops-api';

export const payoutsKey = ['ops', 'payouts'] as const;

/**
 * GET /api/ops/payouts: every owner's payouts (or one owner's), filtered; not paged by the API. The screen's
 * loader asks the same on the server.
 */
export const opsPayoutsQuery = (query: PayoutsQuery) =>
  opsQuery<PayoutsResponse>([...payoutsKey, query], '/payouts', { ...query });

export function useOpsPayouts(query: PayoutsQuery) {
  return useQuery({ ...opsPayoutsQuery(query), placeholderData: keepPreviousData });
}

/** The approved owners for the owner filter (the first 100, as the orders' filter). */
export function usePayoutOwnerChoices() {
  return useQuery(ownerChoicesQuery());
}

/** The operator's four decisions on a payout, each with a reason (audited by the API). */
export type PayoutAction = 'release' | 'hold' | 'accept-proof' | 'reject-proof';

/** POST /api/ops/payouts/{id}/{action}; every list of the room is refreshed after it (the ledger, the order). */
export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: PayoutAction; body: PayoutActionBody }) =>
      opsPost<PayoutActionResponse>(`/payouts/${id}/${action}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
