import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwners, orderItems, orders, products, users } from '../../db/schema.ts';

/** What the booking confirmation says: the order, its buyer, and each line with its site's owner contact. */
export async function findOrderForConfirmation(tx: Db, orderId: number) {
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
