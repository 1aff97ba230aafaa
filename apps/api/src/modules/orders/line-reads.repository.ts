import { type AudienceSource, addDays, todayIst } from '@ooh/shared';
import { and, asc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, mediaOwners, orderItems, orders, products, proofs, users } from '../../db/schema.ts';

/*
 * Read-only views of order lines for the modules above orders that act on a paid line or show one
 * (reminders, proofs, creatives, plans; issue 43): they read the order tables only through line-reads.service.ts. The
 * sites, buyers and owners joined here are read in this module already (ops-orders, refunds,
 * order-detail), so each view stays one query. One view may lock the line's row for the caller's
 * transaction (ownerCreativeLine), as the caller did before the move.
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

/** A line as the creatives module checks an upload or a review: its order, buyer, site and site's owner. */
const creativeLineColumns = {
  lineId: orderItems.id,
  orderId: orderItems.orderId,
  status: orderItems.status,
  fromDate: orderItems.fromDate,
  toDate: orderItems.toDate,
  campaignName: orderItems.campaignName,
  orderStatus: orders.status,
  buyerUserId: orders.userId,
  buyerPhone: users.phoneNumber,
  productId: products.id,
  productName: products.name,
  city: products.city,
  widthFt: products.widthFt,
  heightFt: products.heightFt,
  mediaOwnerId: products.mediaOwnerId,
  ownerPhone: mediaOwners.contactPhone,
};

function creativeLineQuery(db: Db, where: SQL | undefined) {
  return db
    .select(creativeLineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(where);
}

export type CreativeLine = Awaited<ReturnType<typeof findBuyerCreativeLine>> & object;

/** The buyer's own line of the buyer's own order, or null (another user's: null, so 404). */
export async function findBuyerCreativeLine(db: Db, userId: number, orderId: number, lineId: number) {
  const [row] = await creativeLineQuery(
    db,
    and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId), eq(orders.userId, userId)),
  );
  return row ?? null;
}

/** A line on one of the owner's sites, or null; `lock` holds the line's row until the transaction ends. */
export async function findOwnerCreativeLine(db: Db, ownerId: number, lineId: number, lock = false) {
  const query = creativeLineQuery(db, and(eq(orderItems.id, lineId), eq(products.mediaOwnerId, ownerId)));
  const [row] = lock ? await query.for('update', { of: orderItems }) : await query;
  return row ?? null;
}

/**
 * The lines the owner's creative review page may list: paid, on the owner's sites, and with `open` not
 * cancelled or completed (nothing is left to review on those).
 */
function reviewableLines(ownerId: number, open: boolean) {
  return and(
    eq(products.mediaOwnerId, ownerId),
    isNotNull(orders.paidAt),
    open ? sql`${orderItems.status} not in ('cancelled', 'completed')` : undefined,
  );
}

/** The ids of the owner's reviewable lines (see reviewableLines), any number: the creatives module picks. */
export async function findOwnerReviewableLineIds(db: Db, ownerId: number, open: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(reviewableLines(ownerId, open));
  return rows.map((r) => r.id);
}

/** Those of `lineIds` still reviewable, soonest start first, at most 500 (the review page's list). */
export async function findOwnerReviewableLines(db: Db, ownerId: number, open: boolean, lineIds: number[]) {
  if (!lineIds.length) return [];
  return creativeLineQuery(db, and(inArray(orderItems.id, lineIds), reviewableLines(ownerId, open)))
    .orderBy(orderItems.fromDate, orderItems.id)
    .limit(500);
}

/** Who may see what concerns a line: its order's buyer and its site's owner; undefined for no such line. */
export async function findLineParties(db: Db, lineId: number) {
  const [row] = await db
    .select({ buyerUserId: orders.userId, mediaOwnerId: products.mediaOwnerId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.id, lineId));
  return row;
}

/** What the mounting crew's job sheet shows of a line on one of the owner's sites, or null (decision 046). */
export async function findJobSheetLine(db: Db, ownerId: number, lineId: number) {
  const [row] = await db
    .select({
      lineId: orderItems.id,
      orderId: orderItems.orderId,
      status: orderItems.status,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      campaignName: orderItems.campaignName,
      siteName: products.name,
      siteCode: products.productCode,
      address: products.address,
      city: products.city,
      state: products.state,
      pinCode: products.pinCode,
      latitude: products.latitude,
      longitude: products.longitude,
      widthFt: products.widthFt,
      heightFt: products.heightFt,
      lighting: products.lighting,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, lineId), eq(products.mediaOwnerId, ownerId)));
  return row ?? null;
}

/** The order when it belongs to `userId`, else undefined. */
export async function findOrderOfBuyer(db: Db, orderId: number, userId: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return rows[0];
}

/**
 * An order's lines with their sites as a media plan shows them, as booked (prices and dates of the
 * order, not today's); any status, in line order.
 */
export async function findOrderPlanLines(db: Db, orderId: number) {
  return db
    .select({
      id: products.id,
      code: products.productCode,
      name: products.name,
      address: products.address,
      city: products.city,
      state: products.state,
      latitude: products.latitude,
      longitude: products.longitude,
      category: categories.name,
      widthFt: products.widthFt,
      heightFt: products.heightFt,
      lighting: products.lighting,
      audienceVerifiedAt: products.audienceVerifiedAt,
      pricePaise: products.pricePaise,
      bookingDuration: products.bookingDuration,
      images: products.images,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      campaignName: orderItems.campaignName,
      days: orderItems.days,
      linePricePaise: orderItems.pricePaise,
      status: orderItems.status,
      // The audience as booked (decision 091), never the site's figure of today: a line booked before
      // figures were kept has none. The source has its site's default only where no figure counts.
      impression: orderItems.audienceDailyImpressions,
      audienceSource: sql<AudienceSource>`coalesce(${orderItems.audienceSource}, ${products.audienceSource})`,
      audienceMeasuredOn: orderItems.audienceMeasuredOn,
      audienceMethod: sql<string>`coalesce(${orderItems.audienceMethod}, '')`,
      audienceVerified: sql<boolean>`coalesce(${orderItems.audienceVerified}, false)`,
    })
    .from(orderItems)
    .innerJoin(products, eq(orderItems.productId, products.id))
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}
