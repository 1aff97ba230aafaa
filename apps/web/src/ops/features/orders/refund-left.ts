import type { OpsOrderDetail } from '@ooh/shared';

/**
 * Rupees an operator may still refund on an order, as the API's one ledger reads it (decision 065): the
 * sum of its lines' left (a line's share of the charge less every refund part not abandoned). The server
 * checks it again.
 */
export const refundLeft = (order: Pick<OpsOrderDetail, 'refundable'>): number => order.refundable;

/** Rupees a refund may still take from one line: never from another line (decision 065). */
export const lineLeft = (line: Pick<OpsOrderDetail['items'][number], 'left'>): number => line.left;

/** Whether money was ever taken for the order (a refund or a line cancel can act on it). */
export const wasPaid = (order: Pick<OpsOrderDetail, 'paid_at' | 'status'>) =>
  order.paid_at !== null && order.status !== 'failed';
