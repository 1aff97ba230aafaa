import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, campaigns, orderItems, orders, products } from '../../db/schema.ts';
import type { OrderTaxes } from './order-taxes.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** Orders whose holds are still wanted: paying online, or a cash order within its hold. */
export const OPEN_ORDER_STATUSES = ['pending_payment', 'awaiting_payment'] as const;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The catalogue facts a booking needs; read here rather than through the products module's internals. */
export async function findProductsForBooking(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      minDays: products.minDays,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

export async function findCampaignsForBooking(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: campaigns.id, name: campaigns.name, type: campaigns.type, userId: campaigns.userId })
    .from(campaigns)
    .where(inArray(campaigns.id, ids));
}

export interface RangeRef {
  idx: number;
  product_id: number;
  from_date: string;
  to_date: string;
}

/**
 * Which of the ranges overlap a confirmed booking or a live hold. With `userId`, that buyer's own open
 * orders do not count: placing the order again replaces them (see placeOrder).
 */
export async function findTakenRanges(db: Db, ranges: RangeRef[], now: Date, userId: number | null) {
  if (!ranges.length) return new Set<number>();
  const result = await db.execute(sql`
    SELECT r.idx FROM jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb)
      AS r(idx int, product_id int, from_date date, to_date date)
    WHERE EXISTS (
      SELECT 1 FROM bookings b LEFT JOIN orders o ON o.id = b.order_id
      WHERE b.product_id = r.product_id
        AND b.period && daterange(r.from_date, r.to_date)
        AND (b.status IN ('confirmed', 'blocked') OR (b.status = 'held' AND (b.hold_expires_at IS NULL OR b.hold_expires_at > ${ts(now)})))
        AND NOT COALESCE(o.user_id = ${userId ?? -1} AND o.status IN ('pending_payment', 'awaiting_payment'), false)
    )`);
  return new Set(rowsOf<{ idx: number }>(result).map((r) => Number(r.idx)));
}

export interface NewOrder {
  userId: number;
  amountPaise: number;
  /** The taxes when the buyer's billing state is known at placing; else recorded at checkout. */
  taxes?: OrderTaxes;
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
  }>;
}

/** Advisory-lock namespace (first key) of one buyer's order placements. */
const LOCK_BUYER_ORDERS = 91_010;

/**
 * Serialises one buyer's placements until the transaction ends (across API processes), so two at once
 * cannot both count 2 unpaid orders and both place a third. Taken before any order row is locked.
 */
export async function lockBuyerOrders(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUYER_ORDERS}, ${userId})`);
}

/** The buyer's orders that hold sites unpaid right now (a lapsed one the sweeper has not reached does not). */
export async function countUnpaidOrders(tx: Db, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        sql`${orders.expiresAt} > ${ts(now)}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Inside the caller's transaction: releases what stands in the way without being wanted - holds on these
 * sites whose time is up (their orders expire), and the buyer's own open orders overlapping these ranges
 * (cancelled: the new order replaces them). Orders are locked first, in id order, like the payment path,
 * so the two never deadlock.
 */
export async function releaseInTheWay(tx: Db, order: NewOrder): Promise<void> {
  const requested = JSON.stringify(
    order.items.map((i) => ({ product_id: i.productId, from_date: i.fromDate, to_date: i.toDate })),
  );
  const productIds = [...new Set(order.items.map((i) => i.productId))];
  const locked = rowsOf<{ id: number }>(
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
  if (locked.length) await closeOrders(tx, locked, order.now);
  // Holds without an order (none are made by the API, but an operator could add one) lapse the same way.
  await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(
      and(
        isNull(bookings.orderId),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, order.now),
        inArray(bookings.productId, productIds),
      ),
    );
}

/**
 * Inside the caller's transaction, after releaseInTheWay: writes the order, its lines and one hold per
 * line. The EXCLUDE constraint rejects a hold that overlaps a live one with SQLSTATE 23P01.
 */
export async function insertOrder(tx: Db, order: NewOrder) {
  const [created] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      amountPaise: order.amountPaise,
      subtotalPaise: order.amountPaise,
      ...order.taxes,
      expiresAt: order.expiresAt,
      createdAt: order.now,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(order.items.map((i) => ({ ...i, orderId: created.id })))
    .returning();
  // Same insertion order in every transaction (site, then start) keeps concurrent placements from deadlocking.
  const holds = [...items].sort((a, b) => a.productId - b.productId || a.fromDate.localeCompare(b.fromDate));
  await tx.insert(bookings).values(
    holds.map((i) => ({
      productId: i.productId,
      orderId: created.id,
      orderItemId: i.id,
      period: `[${i.fromDate},${i.toDate})`,
      status: 'held' as const,
      holdExpiresAt: order.expiresAt,
      createdAt: order.now,
    })),
  );
  return { order: created, items };
}

/** Open orders among `ids` become expired (time is up) or cancelled (replaced); their holds are released. */
export async function closeOrders(tx: Db, ids: number[], now: Date) {
  const closed = await tx
    .update(orders)
    .set({ status: sql`CASE WHEN ${orders.expiresAt} <= ${ts(now)} THEN 'expired' ELSE 'cancelled' END` })
    .where(and(inArray(orders.id, ids), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .returning({ id: orders.id });
  if (!closed.length) return 0;
  await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(
      and(
        inArray(
          bookings.orderId,
          closed.map((c) => c.id),
        ),
        eq(bookings.status, 'held'),
      ),
    );
  return closed.length;
}

/**
 * The sweeper's batch: open orders whose hold lapsed, locked (skipping any a payment is confirming right
 * now; the next sweep gets them), expired, and their holds released.
 */
export async function expireLapsedOrders(tx: Db, now: Date, limit: number) {
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, [...OPEN_ORDER_STATUSES]), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const expired = due.length
    ? await closeOrders(
        tx,
        due.map((d) => d.id),
        now,
      )
    : 0;
  const orphans = await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(isNull(bookings.orderId), eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  return { orders: expired, orphanHolds: orphans.length, more: due.length === limit };
}

export async function findOrderOfUser(db: Db, orderId: number, userId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order;
}

/**
 * Records (again) the order's taxes from the buyer's current details, while nothing has been asked of a
 * payment provider yet: once a provider order exists its amount is fixed. Answers the updated order, or
 * undefined when it is closed or already has a provider order.
 */
export async function recordTaxes(db: Db, orderId: number, taxes: OrderTaxes): Promise<OrderRow | undefined> {
  const [updated] = await db
    .update(orders)
    .set(taxes)
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.providerOrderId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    )
    .returning();
  return updated;
}

/** Stores the provider order once: a concurrent checkout that lost the race gets the winner's id back. */
export async function attachProviderOrder(
  db: Db,
  orderId: number,
  provider: string,
  providerOrderId: string,
) {
  const [updated] = await db
    .update(orders)
    .set({ provider, providerOrderId, paymentMethod: 'razorpay', status: 'pending_payment' })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.providerOrderId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    )
    .returning();
  return updated;
}

/**
 * Cash: the order waits for payment at the office, so its holds last until `until` (CASH_HOLD_HOURS from
 * placing, computed by the caller from the order's own creation, so asking again lands on the same time).
 * Order and bookings move together (in the caller's transaction) so the sweeper never frees a site of a
 * live cash order.
 */
export async function holdForCash(tx: Db, orderId: number, until: Date): Promise<OrderRow | undefined> {
  const [updated] = await tx
    .update(orders)
    .set({ paymentMethod: 'cash', status: 'awaiting_payment', expiresAt: until })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .returning();
  if (!updated) return undefined;
  await tx
    .update(bookings)
    .set({ holdExpiresAt: until })
    .where(and(eq(bookings.orderId, orderId), eq(bookings.status, 'held')));
  return updated;
}

export async function setPaymentMethod(db: Db, orderId: number, method: 'cash' | 'razorpay') {
  const [updated] = await db
    .update(orders)
    .set({ paymentMethod: method, status: method === 'cash' ? 'awaiting_payment' : 'pending_payment' })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .returning();
  return updated;
}
