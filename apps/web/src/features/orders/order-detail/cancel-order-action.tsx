import type { OrderDetail } from '@ooh/shared';

/**
 * Cancel a whole order, or the given lines, showing the refund first (DESIGN.md section 10). Renders its
 * own button and confirmation. PLACEHOLDER of the foundation commit: the refunds work replaces it.
 */
export function CancelOrderAction(_props: { order: OrderDetail; lineIds?: number[] }) {
  return null;
}
