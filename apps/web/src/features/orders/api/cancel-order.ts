import type { CancelOrderResponse } from '@ooh/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/orders/{id}/cancel: confirm false answers the refund quote, true cancels (with a key). */
export function cancelOrder(
  orderId: number,
  body: { line_ids?: number[]; confirm: boolean },
  idempotencyKey?: string,
): Promise<CancelOrderResponse> {
  return apiRequest<CancelOrderResponse>(`/orders/${orderId}/cancel`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
