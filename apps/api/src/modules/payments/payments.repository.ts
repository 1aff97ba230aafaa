import { eq, sql } from 'drizzle-orm';
import { lockSiteOccupancyOfOrder } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { payments, webhookEvents } from '../../db/schema.ts';

/*
 * The payments module's own rows (payments, webhook_events) and the sites' occupancy lock a payment takes.
 * The orders it pays are read by the orders module and handed in (PaymentOrders in payments.service.ts;
 * issue 43).
 */

/**
 * The order's sites, until the transaction ends, before its holds become bookings: after the order's row
 * lock (orders, then sites, as placing does), so a confirmation never waits on a placement's uncommitted
 * hold while that placement waits on the confirmation (db/booking-occupancy.ts).
 */
export function lockSitesOfOrder(tx: Db, orderId: number): Promise<void> {
  return lockSiteOccupancyOfOrder(tx, orderId);
}

/**
 * One row per provider payment id. A payment first seen as failed and then captured is updated; a payment
 * seen twice is not duplicated. Returns whether a new row was written.
 */
export async function recordPayment(
  tx: Db,
  row: {
    orderId: number;
    provider: string;
    providerPaymentId: string;
    status: 'captured' | 'failed';
    amountPaise: number;
    now: Date;
    /** Cash or bank transfer: the receipt or UTR number, and the operator who recorded it. */
    reference?: string;
    recordedByUserId?: number;
  },
): Promise<boolean> {
  const values = {
    orderId: row.orderId,
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    status: row.status,
    amountPaise: row.amountPaise,
    reference: row.reference ?? null,
    recordedByUserId: row.recordedByUserId ?? null,
    createdAt: row.now,
  };
  const written =
    row.status === 'captured'
      ? await tx
          .insert(payments)
          .values(values)
          .onConflictDoUpdate({
            target: payments.providerPaymentId,
            set: { status: 'captured', amountPaise: row.amountPaise },
            setWhere: sql`${payments.status} = 'failed'`,
          })
          .returning({ id: payments.id })
      : await tx.insert(payments).values(values).onConflictDoNothing().returning({ id: payments.id });
  return written.length > 0;
}

/** Remembers a webhook delivery; false when this event id was applied before. */
export async function recordWebhookEvent(tx: Db, eventId: string, type: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(webhookEvents)
    .values({ eventId, type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

/** The payment row of a provider payment id (the cash payment of an order is `cash_<orderId>`). */
export async function findPayment(db: Db, providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  return row;
}
