import { and, asc, eq, gt, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema.ts';

/**
 * The lines of the buyer's orders for My Orders: every order that was paid (whatever was refunded or
 * cancelled since), and unpaid orders (online or cash) while they still hold their sites.
 */
export async function findBookedLines(db: Db, userId: number, now: Date) {
  return db
    .select({
      orderId: orders.id,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      amountPaise: orders.amountPaise,
      expiresAt: orders.expiresAt,
      paidAt: orders.paidAt,
      lineId: orderItems.id,
      lineStatus: orderItems.status,
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
        or(
          // A payment captured too late to apply ('failed') is refunded automatically: not an order to show.
          and(isNotNull(orders.paidAt), ne(orders.status, 'failed')),
          and(inArray(orders.status, ['pending_payment', 'awaiting_payment']), gt(orders.expiresAt, now)),
        ),
      ),
    )
    .orderBy(asc(orders.id), asc(orderItems.id));
}

/**
 * Paise of the buyer's other unpaid orders to be paid in CASH placed since `since` (the start of the IST
 * day) and still holding their sites: what s.269ST adds up per day. Bank transfers do not count.
 */
export async function sumUnpaidCashSince(
  db: Db,
  userId: number,
  since: Date,
  now: Date,
  exceptOrderId: number,
) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${orders.amountPaise})` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'awaiting_payment'),
        eq(orders.offlineMethod, 'cash'),
        gte(orders.createdAt, since),
        gt(orders.expiresAt, now),
        ne(orders.id, exceptOrderId),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Records how a cash order will be paid (the orders module owns the orders table). */
export async function setOfflineMethod(db: Db, orderId: number, method: 'cash' | 'bank_transfer') {
  await db.update(orders).set({ offlineMethod: method }).where(eq(orders.id, orderId));
}
