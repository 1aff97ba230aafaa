import type { OrderDetail } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /api/orders/{id} (token): the order's lines, statuses, creatives, proofs, invoice and refunds. */
export function fetchOrder(orderId: number, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(`/orders/${orderId}`, { signal, redirectOn401: false });
}

export const orderQueryKey = (orderId: number) => ['order', orderId] as const;

export function useOrder(orderId: number, enabled = true) {
  return useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    staleTime: 0,
    enabled,
    // A missing order or a signed-out buyer is an answer, not a hiccup to retry.
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && [400, 401, 403, 404].includes(error.status)),
  });
}
