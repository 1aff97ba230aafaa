import type { OrderDetail } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { apiQueryOptions } from '../../../lib/api-query';

/** How long a list or order the server rendered the page with is shown before it is asked again. */
export const RENDERED_FRESH_MS = 10_000;

export const orderQueryKey = (orderId: number) => ['order', orderId] as const;

/**
 * GET /api/orders/{id} (token): the order's lines, statuses, creatives, proofs, invoice and refunds; for the
 * route's loader (lib/loader-queries.ts, with the session) and the page's hook alike.
 */
export const orderQuery = (orderId: number) =>
  apiQueryOptions<OrderDetail>(orderQueryKey(orderId), { path: `/orders/${orderId}`, redirectOn401: false });

/**
 * The order the page shows: the server renders it (routes/order.tsx, its loader's dehydrated cache), and it
 * is shown as it is for a few seconds (the page was just made from it; asking again at once would only
 * repeat it), and always asked again after a change here (invalidated).
 */
export function useOrder(orderId: number, enabled = true) {
  return useQuery({
    ...orderQuery(orderId),
    staleTime: RENDERED_FRESH_MS,
    enabled,
    // A missing order or a signed-out buyer is an answer, not a hiccup to retry.
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && [400, 401, 403, 404].includes(error.status)),
  });
}
