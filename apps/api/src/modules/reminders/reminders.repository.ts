import { addDays, todayIst } from '@ooh/shared';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwners, orderItems, orders, products, proofs, users } from '../../db/schema.ts';

/**
 * Paid lines still waiting for a creative (scheduled, creative_rejected) or a proof (creative_approved
 * with no proof row) whose dates are not over and whose creative reminder window may have opened.
 */
export async function findLinesAwaitingWork(db: Db, now: Date) {
  const today = todayIst(now);
  return db
    .select({
      lineId: orderItems.id,
      orderId: orderItems.orderId,
      status: orderItems.status,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      siteName: products.name,
      buyerPhone: users.phoneNumber,
      buyerEmail: users.email,
      ownerId: mediaOwners.id,
      ownerName: mediaOwners.companyName,
      ownerPhone: mediaOwners.contactPhone,
      ownerEmail: mediaOwners.contactEmail,
      hasProof: sql<boolean>`exists (select 1 from ${proofs} where ${proofs.orderItemId} = ${orderItems.id})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(
      and(
        isNotNull(orders.paidAt),
        inArray(orderItems.status, ['scheduled', 'creative_rejected', 'creative_approved']),
        gte(orderItems.toDate, today),
        // The creative's "due soon" window opens 5 days before the start; nothing earlier is of interest.
        lte(orderItems.fromDate, addDays(today, 6)),
      ),
    )
    .orderBy(asc(orderItems.fromDate), asc(orderItems.id))
    .limit(5000);
}

export type LineAwaitingWork = Awaited<ReturnType<typeof findLinesAwaitingWork>>[number];
