import type { OpsOrderProofs } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { opsQuery } from './ops-api';

/**
 * GET /api/ops/orders/{id}/proofs: the order's proofs of posting with their checks. Read by the order page
 * and by the payouts waiting on a proof decision, so it lives with the room, not with either feature.
 */
export const orderProofsQuery = (orderId: number) =>
  opsQuery<OpsOrderProofs>(['ops', 'orders', orderId, 'proofs'], `/orders/${orderId}/proofs`);

export function useOrderProofs(orderId: number) {
  return useQuery(orderProofsQuery(orderId));
}
