import type { OpsOrderDetail } from '@ooh/shared';

/**
 * Rupees an operator may still refund on an order: what was charged less every refund that still counts
 * against the cap - processed, pending and failed ones (a failed one may yet be paid on retry); an
 * abandoned one has let its share go (docs/decisions/036-order-ledger.md). The server checks it again.
 */
export function refundLeft(order: Pick<OpsOrderDetail, 'total' | 'refunds'>): number {
  const held = order.refunds
    .filter((r) => r.status !== 'abandoned')
    .reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  return Math.max(0, Math.round(order.total * 100) - held) / 100;
}

/** Whether money was ever taken for the order (a refund or a line cancel can act on it). */
export const wasPaid = (order: Pick<OpsOrderDetail, 'paid_at' | 'status'>) =>
  order.paid_at !== null && order.status !== 'failed';
