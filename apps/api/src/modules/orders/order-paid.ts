import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orderLineEvents } from '../../db/schema.ts';
import { issueInvoice } from '../invoices/invoice-series.ts';
import { queueBookingConfirmed } from '../notifications/order-notifications.ts';

/**
 * Everything that happens when an order becomes paid, online or in cash, inside the transaction that
 * records the payment: the lines' timelines start, the tax invoice gets its number, the confirmations
 * are queued. One place, so both payment paths do the same.
 */
export async function afterOrderPaid(tx: Db, orderId: number, now: Date): Promise<void> {
  const lines = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  if (lines.length > 0)
    await tx.insert(orderLineEvents).values(
      lines.map((l) => ({
        orderItemId: l.id,
        fromStatus: null,
        toStatus: 'scheduled' as const,
        actorUserId: null,
        actorRole: 'system' as const,
        note: null,
        createdAt: now,
      })),
    );
  await issueInvoice(tx, orderId, now);
  await queueBookingConfirmed(tx, orderId, now);
}
