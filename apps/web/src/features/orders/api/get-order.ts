import type { OrderDetail } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /api/orders/{id} (token): the order's lines, statuses, creatives, proofs, invoice and refunds. */
export function fetchOrder(orderId: number, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(`/orders/${orderId}`, { signal, redirectOn401: false });
}

/** How long a list or order the server rendered the page with is shown before it is asked again. */
export const RENDERED_FRESH_MS = 10_000;

export const orderQueryKey = (orderId: number) => ['order', orderId] as const;

/**
 * `rendered`: the order the server rendered the page with. It is shown as it is for a few seconds (the page was
 * just made from it; asking again at once would only repeat it), and always asked again after a change here.
 */
export function useOrder(orderId: number, enabled = true, rendered?: OrderDetail) {
  return useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    initialData: rendered,
    staleTime: rendered ? RENDERED_FRESH_MS : 0,
    enabled,
    // A missing order or a signed-out buyer is an answer, not a hiccup to retry.
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && [400, 401, 403, 404].includes(error.status)),
  });
}
