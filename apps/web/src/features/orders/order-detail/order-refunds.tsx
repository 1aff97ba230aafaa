import type { OrderDetail } from '@ooh/shared';

/**
 * The order's refunds with their credit notes (DESIGN.md section 10). PLACEHOLDER of the foundation
 * commit: the refunds work replaces it.
 */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  return <span>{order.refunds.length} refund(s)</span>;
}
