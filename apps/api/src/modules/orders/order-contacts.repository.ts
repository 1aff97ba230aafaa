import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwners, orderItems, orders, products, users } from '../../db/schema.ts';

/*
 * Whom an order's messages go to (issue 43: the notifications module reads no order table). Moved from
 * notifications/order-notifications.repository.ts as it was: the order with its buyer, then its lines
 * with their sites' owners; users, products and media_owners are read in this module already
 * (line-reads, ops-orders).
 */

/** The order, its buyer, and each line with its site's owner contact; undefined for no such order. */
export async function findOrderContacts(tx: Db, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      amountPaise: orders.amountPaise,
      buyerPhone: users.phoneNumber,
      buyerEmail: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await tx
    .select({
      id: orderItems.id,
      siteName: products.name,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      ownerId: mediaOwners.id,
      ownerPhone: mediaOwners.contactPhone,
      ownerEmail: mediaOwners.contactEmail,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.fromDate), asc(orderItems.id));
  return { ...order, lines };
}
