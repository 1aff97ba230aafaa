import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, refunds } from '../../db/schema.ts';

/*
 * The one read of an order's money (decision 065): the order's charge, its lines and every refund row,
 * in the order the money left (processed first, by when; then the rest by id). order-ledger.service.ts
 * reads it through the shared readOrderLedger; nothing else filters an order's refunds on its own.
 */

export type LedgerRefundRow = typeof refunds.$inferSelect;

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  paidAt: orders.paidAt,
  chargedPaise: orders.amountPaise,
  subtotalPaise: orders.subtotalPaise,
};

export async function findLedgerOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select(orderColumns).from(orders).where(inArray(orders.id, orderIds));
}

export async function findLedgerOrder(db: Db, orderId: number) {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findLedgerLines(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      pricePaise: orderItems.pricePaise,
      status: orderItems.status,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

/** Every refund row of the orders (PostgreSQL sorts a null processed_at last). */
export async function findLedgerRefunds(db: Db, orderIds: number[]): Promise<LedgerRefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.processedAt), asc(refunds.id));
}

/**
 * The orders with a refund row processed in [from, to) (a statement's month): which orders to read, not
 * what they returned; the ledger read model says that (a payment reversal there moves nothing).
 */
export async function findOrdersRefundedBetween(db: Db, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(eq(refunds.status, 'processed'), gte(refunds.processedAt, from), lt(refunds.processedAt, to)))
    .orderBy(asc(refunds.orderId));
  return rows.map((r) => r.orderId);
}
