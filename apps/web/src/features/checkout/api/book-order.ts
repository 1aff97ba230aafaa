import type { BookRequest, Order } from '@ooh/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /booking/book: places the order and holds its sites for 15 minutes. `amount` is the total in rupees
 * the buyer saw; 409 price_changed or sites_unavailable when that no longer holds. With `idempotencyKey`
 * a repeat (a retry after a lost answer) answers the order the first call placed.
 */
export function bookOrder(body: BookRequest, idempotencyKey?: string): Promise<Order> {
  return apiRequest<Order>('/booking/book', { method: 'POST', body, idempotencyKey });
}
