import type { Db } from '../../db/client.ts';
import { issueInvoice } from '../invoices/invoice-series.ts';
import { queueBookingConfirmed } from '../notifications/order-notifications.ts';
import { createHeldPayouts } from '../payouts/payouts.service.ts';

/**
 * Everything that happens when an order becomes paid, online or in cash, inside the transaction that
 * records the payment, after markOrderPaid moved the order and scheduled its lines (their timelines
 * start there): the tax invoice gets its number, the confirmations are queued, each line's owner share
 * becomes a payout on hold (decision 047). One place, so both payment paths do the same.
 */
export async function afterOrderPaid(
  tx: Db,
  orderId: number,
  now: Date,
  payment: { commissionPercent: number; provider: string; paymentId: string },
): Promise<void> {
  await issueInvoice(tx, orderId, now);
  await queueBookingConfirmed(tx, orderId, now);
  await createHeldPayouts(tx, { orderId, now, ...payment });
}
