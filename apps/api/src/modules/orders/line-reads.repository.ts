import { addDays, todayIst } from '@ooh/shared';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwners, orderItems, orders, products, proofs, users } from '../../db/schema.ts';

/*
 * Read-only views of order lines for the modules above orders that act on a paid line (reminders,
 * proofs; issue 43): they read the order tables only through line-reads.service.ts. The sites, buyers
 * and owners joined here are read in this module already (ops-orders, refunds, order-detail), so each
 * view stays one query.
 */

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
      // Any proof row, withdrawn or not, as before the move; the order page reads proofs here too.
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

/** A paid line with its site, as the owner's proof console shows it. */
const ownerLineColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  buyerUserId: orders.userId,
  campaignName: orderItems.campaignName,
  fromDate: orderItems.fromDate,
  toDate: orderItems.toDate,
  status: orderItems.status,
  siteId: products.id,
  siteName: products.name,
  siteCode: products.productCode,
  siteCity: products.city,
  siteAddress: products.address,
  latitude: products.latitude,
  longitude: products.longitude,
};

export type OwnerPaidLine = Awaited<ReturnType<typeof findOwnerPaidLine>> & object;

/** A paid line on one of the owner's sites; undefined for anyone else's (a 404 for the caller). */
export async function findOwnerPaidLine(db: Db, ownerId: number, lineId: number) {
  const [row] = await db
    .select(ownerLineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, lineId), eq(products.mediaOwnerId, ownerId), isNotNull(orders.paidAt)));
  return row;
}

/**
 * The owner's paid lines that a proof concerns now: started by `today` or starting within `aheadTo`
 * (exclusive), not yet over, not cancelled; in start order.
 */
export async function findOwnerProofLines(db: Db, ownerId: number, today: string, aheadTo: string) {
  return db
    .select(ownerLineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(products.mediaOwnerId, ownerId),
        isNotNull(orders.paidAt),
        inArray(orderItems.status, [
          'scheduled',
          'creative_submitted',
          'creative_approved',
          'creative_rejected',
          'posted',
        ]),
        sql`${orderItems.fromDate} < ${aheadTo}`,
        gte(orderItems.toDate, sql`${today}::date + 1`),
      ),
    )
    .orderBy(asc(orderItems.fromDate), asc(orderItems.id))
    .limit(500);
}

/** Who bought the line (its order's user); undefined for no such line. */
export async function findLineBuyer(db: Db, lineId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, lineId));
  return row?.userId;
}

/** The lines of an order with their sites (any order: the back office's view); empty when there is none. */
export async function findOrderLinesWithSites(db: Db, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      siteName: products.name,
      latitude: products.latitude,
      longitude: products.longitude,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function orderExists(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return Boolean(row);
}
