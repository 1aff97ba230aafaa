import { asc, eq, inArray } from 'drizzle-orm';
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
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      paidAt: orders.paidAt,
      chargedPaise: orders.amountPaise,
      subtotalPaise: orders.subtotalPaise,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
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
