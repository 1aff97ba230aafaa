import {
  canMoveOrder,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  UNPAID_ORDER_STATUSES,
} from '@ooh/shared';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orderLineEvents, orders, products, type StoredPriceLine } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/*
 * The writes of `orders` and `order_items` (docs/architecture.md "who owns what"): placing, paying,
 * choosing a payment method, closing. Every status change is checked against ORDER_TRANSITIONS /
 * ORDER_LINE_TRANSITIONS in packages/shared: a set-based update names only the source statuses the
 * table allows (`sourcesOf`), a single move checks its row under lock (`moveOrder`).
 */

export type OrderRow = typeof orders.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The statuses the transition table lets move to `to` (the WHERE of a set-based move). */
export const sourcesOf = (to: OrderStatus): OrderStatus[] =>
  ORDER_STATUSES.filter((s) => canMoveOrder(s, to));

/** Unpaid and holding: the only statuses whose holds, method or taxes may still change. */
const OPEN = [...UNPAID_ORDER_STATUSES];

export interface NewOrder {
  userId: number;
  /** Booked for an agency's client (decision 092), with the client's PO number. */
  clientId?: number | null;
  poNumber?: string | null;
  amountPaise: number;
  /** The taxes when the buyer's billing state is known at placing; else recorded at checkout. */
  taxes?: {
    amountPaise: number;
    subtotalPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    placeOfSupply: string | null;
    buyerGstin: string | null;
    billing: Record<string, string | null> | null;
  };
  now: Date;
  expiresAt: Date;
  items: Array<{
    productId: number;
    campaignId: number | null;
    campaignName: string;
    customized: boolean;
    fromDate: string;
    toDate: string;
    days: number;
    pricePaise: number;
    /** The breakdown of pricePaise (decision 081), kept with the line so later rule changes never touch it. */
    priceLines?: StoredPriceLine[] | null;
  }>;
}

/** The order row, locked until the transaction ends: every change of one order's state takes it first. */
export async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return order;
}

/**
 * The one move of a single order's status: locked, checked against ORDER_TRANSITIONS (409 otherwise, and
 * nothing written). `paid` also stamps paid_at.
 */
export async function moveOrder(tx: Db, orderId: number, to: OrderStatus, now: Date): Promise<OrderStatus> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order');
  if (order.status === to) return to;
  if (!canMoveOrder(order.status, to))
    throw conflict(
      `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
    );
  await tx
    .update(orders)
    .set(to === 'paid' ? { status: to, paidAt: now } : { status: to })
    .where(eq(orders.id, orderId));
  return order.status;
}

/** Inside the caller's transaction: the order, its lines (`held` until paid) and one hold per line. */
export async function insertOrder(tx: Db, order: NewOrder) {
  const [created] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      clientId: order.clientId ?? null,
      poNumber: order.poNumber ?? null,
      amountPaise: order.amountPaise,
      subtotalPaise: order.amountPaise,
      ...order.taxes,
      expiresAt: order.expiresAt,
      createdAt: order.now,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(order.items.map((i) => ({ ...i, orderId: created.id, status: 'held' as const })))
    .returning();
  await recordBookedAudience(
    tx,
    items.map((i) => i.id),
  );
  return { order: created, items };
}

/**
 * Each new line keeps its site's audience figure as it is now, in the booking's own transaction (decision
 * 091): figure, source, month, method and whether an operator verified it. Read from the site's row (owned
 * by sites; orders only reads it), one statement for all the lines.
 */
async function recordBookedAudience(tx: Db, lineIds: number[]): Promise<void> {
  if (!lineIds.length) return;
  await tx
    .update(orderItems)
    .set({
      audienceRecorded: true,
      audienceDailyImpressions: sql`nullif(${products.impression}, 0)`,
      audienceSource: sql`${products.audienceSource}`,
      audienceMeasuredOn: sql`${products.audienceMeasuredOn}`,
      audienceMethod: sql`${products.audienceMethod}`,
      audienceVerified: sql`${products.audienceVerifiedAt} IS NOT NULL`,
    })
    .from(products)
    .where(and(eq(products.id, orderItems.productId), inArray(orderItems.id, lineIds)));
}

/**
 * Open orders among `ids` become expired (time is up) or cancelled (replaced). Their lines stay `held`
 * (never booked; a late payment whose dates are still free may yet pay them, ORDER_TRANSITIONS).
 * Answers the ids closed (the caller releases their holds).
 */
export async function closeOpenOrders(tx: Db, ids: number[], now: Date): Promise<number[]> {
  if (!ids.length) return [];
  const closed = await tx
    .update(orders)
    .set({ status: sql`CASE WHEN ${orders.expiresAt} <= ${ts(now)} THEN 'expired' ELSE 'cancelled' END` })
    .where(and(inArray(orders.id, ids), inArray(orders.status, OPEN)))
    .returning({ id: orders.id });
  return closed.map((c) => c.id);
}

/** The held lines of orders that will never be paid (failed) become cancelled. */
export async function cancelHeldLines(tx: Db, orderIds: number[], now: Date): Promise<void> {
  if (!orderIds.length) return;
  await tx
    .update(orderItems)
    .set({ status: 'cancelled', statusChangedAt: now })
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.status, 'held')));
}

/** The sweeper's batch: open orders whose hold lapsed, locked (skipping any a payment holds right now). */
export async function lockLapsedOrders(tx: Db, now: Date, limit: number): Promise<number[]> {
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, OPEN), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return due.map((d) => d.id);
}

/**
 * Orders whose holds stand in the way of these ranges without being wanted (lapsed, or the same buyer's
 * own open orders over the same dates), locked in id order like the payment path so the two never deadlock.
 */
export async function lockOrdersInTheWay(tx: Db, order: NewOrder): Promise<number[]> {
  const requested = JSON.stringify(
    order.items.map((i) => ({ product_id: i.productId, from_date: i.fromDate, to_date: i.toDate })),
  );
  return rowsOf<{ id: number }>(
    await tx.execute(sql`
      SELECT o.id FROM orders o WHERE o.id IN (
        SELECT b.order_id FROM bookings b
        JOIN orders bo ON bo.id = b.order_id
        JOIN jsonb_to_recordset(${requested}::jsonb) AS r(product_id int, from_date date, to_date date)
          ON r.product_id = b.product_id
        WHERE b.status = 'held' AND (
          b.hold_expires_at <= ${ts(order.now)}
          OR (bo.user_id = ${order.userId} AND bo.status IN ('pending_payment', 'awaiting_payment')
              AND b.period && daterange(r.from_date, r.to_date))
        )
      ) ORDER BY o.id FOR UPDATE`),
  ).map((r) => Number(r.id));
}

/** Lapsed holds on one site: their orders, locked in id order. */
export async function lockOrdersWithLapsedHolds(tx: Db, productId: number, now: Date): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await tx.execute(sql`
      SELECT o.id FROM orders o WHERE o.id IN (
        SELECT b.order_id FROM bookings b
        WHERE b.product_id = ${productId} AND b.status = 'held' AND b.hold_expires_at <= ${ts(now)}
      ) ORDER BY o.id FOR UPDATE`),
  ).map((r) => Number(r.id));
}

/**
 * Records (again) the order's taxes while nothing has been asked of a payment provider yet: once a
 * provider order exists its amount is fixed. Undefined when it is closed or has a provider order.
 */
export async function recordTaxes(tx: Db, orderId: number, taxes: NonNullable<NewOrder['taxes']>) {
  const [updated] = await tx
    .update(orders)
    .set(taxes)
    .where(and(eq(orders.id, orderId), isNull(orders.providerOrderId), inArray(orders.status, OPEN)))
    .returning();
  return updated;
}

/** Stores the provider order once (status pending_payment, the online window); undefined if it had one. */
export async function attachProviderOrder(
  tx: Db,
  orderId: number,
  provider: string,
  providerOrderId: string,
) {
  const [updated] = await tx
    .update(orders)
    .set({ provider, providerOrderId, paymentMethod: 'razorpay', status: 'pending_payment' })
    .where(and(eq(orders.id, orderId), isNull(orders.providerOrderId), inArray(orders.status, OPEN)))
    .returning();
  return updated;
}

/** Paying online: the order's method, status and (never later) expiry say so. */
export async function setPayingOnline(tx: Db, orderId: number, until: Date) {
  const [updated] = await tx
    .update(orders)
    .set({ paymentMethod: 'razorpay', status: 'pending_payment', expiresAt: until })
    .where(and(eq(orders.id, orderId), inArray(orders.status, OPEN)))
    .returning();
  return updated;
}

/** Cash: the order awaits payment at the office until `until` (its holds move with it: booking-rows). */
export async function setAwaitingCash(tx: Db, orderId: number, until: Date) {
  const [updated] = await tx
    .update(orders)
    .set({ paymentMethod: 'cash', status: 'awaiting_payment', expiresAt: until })
    .where(and(eq(orders.id, orderId), inArray(orders.status, OPEN)))
    .returning();
  return updated;
}

/**
 * The lines of a just-paid order leave `held` for `scheduled` (ORDER_LINE_TRANSITIONS), each with the
 * first event of its timeline. Lines of orders placed before lines were held start from `scheduled`.
 */
export async function scheduleHeldLines(tx: Db, orderId: number, now: Date): Promise<void> {
  const lines = await tx
    .select({ id: orderItems.id, status: orderItems.status })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.status, ['held', 'scheduled'])));
  if (!lines.length) return;
  await tx
    .update(orderItems)
    .set({ status: 'scheduled', statusChangedAt: now })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'held')));
  await tx.insert(orderLineEvents).values(
    lines.map((l) => ({
      orderItemId: l.id,
      fromStatus: l.status === 'held' ? ('held' as const) : null,
      toStatus: 'scheduled' as const,
      actorUserId: null,
      actorRole: 'system' as const,
      note: null,
      createdAt: now,
    })),
  );
}
