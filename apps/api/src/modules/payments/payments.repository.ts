import { and, eq, sql } from 'drizzle-orm';
import { lockSiteOccupancyOfOrder } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { orders, payments, webhookEvents } from '../../db/schema.ts';

export type PaymentOrderRow = typeof orders.$inferSelect;

export async function findOrderOfUser(db: Db, orderId: number, userId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order;
}

export async function findOrderById(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order;
}

export async function findOrderByProviderOrderId(db: Db, providerOrderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return order;
}

/** Serialises everything that changes one order's state: confirm, webhook, sweeper and placement lock it. */
export async function lockOrder(tx: Db, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return order;
}

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
