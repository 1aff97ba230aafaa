import { and, asc, eq, gte, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products, refunds } from '../../db/schema.ts';

/*
 * What an owner's statement reads from the orders ledger (docs/decisions/036-order-ledger.md): lines of
 * orders paid in a month, whatever happened to them since, and the refunds processed in a month. A
 * pending, failed or abandoned refund has returned no money, so it cuts no statement.
 */

const lineColumns = {
  orderId: orderItems.orderId,
  lineId: orderItems.id,
  pricePaise: orderItems.pricePaise,
  campaignName: orderItems.campaignName,
  fromDate: orderItems.fromDate,
  toDate: orderItems.toDate,
  lineStatus: orderItems.status,
  productId: products.id,
  productCode: products.productCode,
  productName: products.name,
  mediaOwnerId: products.mediaOwnerId,
};

/** Lines of orders paid in [from, to) (every owner's: the caller filters). */
export async function findLinesPaidBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ ...lineColumns, paidAt: orders.paidAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to)))
    .orderBy(asc(orders.paidAt), asc(orderItems.id));
}

/** Refunds processed in [from, to), with their order's amounts. */
export async function findProcessedRefundsBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      lineIds: refunds.lineIds,
      // Each refund's own parts (decision 065): a refund never moves a line it does not name.
      parts: refunds.lineParts,
      chargedPaise: orders.amountPaise,
      subtotalPaise: orders.subtotalPaise,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, 'processed'),
        // A late payment's refund gives back money that never paid for a line.
        ne(refunds.kind, 'late_payment'),
        gte(refunds.processedAt, from),
        lt(refunds.processedAt, to),
      ),
    )
    .orderBy(asc(refunds.id));
}

/**
 * The processed refunds (late payments' aside) of the given orders processed before `before`, in the
 * order they were processed: a refund from before decision 065 (no parts) is spread after the order's earlier ones (shared `refundSpread`).
 */
export async function findProcessedRefundsOfOrders(db: Db, orderIds: number[], before: Date) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      lineIds: refunds.lineIds,
      parts: refunds.lineParts,
      processedAt: refunds.processedAt,
    })
    .from(refunds)
    .where(
      and(
        inArray(refunds.orderId, orderIds),
        eq(refunds.status, 'processed'),
        ne(refunds.kind, 'late_payment'),
        lt(refunds.processedAt, before),
      ),
    )
    .orderBy(asc(refunds.processedAt), asc(refunds.id));
}

/** Every line of the given orders (a refund spreads over them). */
export async function findLinesOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}
