import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema.ts';

/*
 * What an owner's statement reads of the orders' lines (docs/decisions/036-order-ledger.md): lines of
 * orders paid in a month, whatever happened to them since, and the lines of given orders. Their refunds
 * are read through the one ledger read model (statement-ledger.service.ts, decision 065).
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
  /** Where the site stands: the place of supply of the owner's line (DESIGN 18). */
  siteState: products.state,
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

/** The given lines, with their sites (a payout list shows each payout's line). */
export async function findLinesByIds(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.id, lineIds));
}
