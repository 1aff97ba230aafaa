import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema.ts';

/**
 * The lines of the buyer's booked orders: paid, and cash orders awaiting payment within their hold.
 */
export async function findBookedLines(db: Db, userId: number, now: Date) {
  return db
    .select({
      orderId: orders.id,
      status: orders.status,
      productId: orderItems.productId,
      productName: products.name,
      campaignId: orderItems.campaignId,
      campaignName: orderItems.campaignName,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      days: orderItems.days,
      pricePaise: orderItems.pricePaise,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.userId, userId),
        or(isNotNull(orders.paidAt), and(eq(orders.status, 'awaiting_payment'), gt(orders.expiresAt, now))),
      ),
    )
    .orderBy(asc(orders.id), asc(orderItems.id));
}
