import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { liveBookingAt, lockSiteOccupancy } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { bookings, products, users } from '../../db/schema.ts';

/*
 * Reads of options (decision 082). The rows are written by the orders module (bookings' one owner,
 * order-records.service.ts); this module reads them and rules what may change.
 */

export type HoldRow = typeof bookings.$inferSelect;

const range = (period: string) => {
  const [lo, hi] = period.replace(/^[[(]|[)\]]$/g, '').split(',');
  return { from: lo, to: hi };
};

export { range as periodOf };

/** The catalogue facts a hold needs: a site buyers can book, its minimum days, its name and code. */
export async function findSiteForHold(db: Db, productId: number) {
  const [site] = await db
    .select({
      id: products.id,
      name: products.name,
      productCode: products.productCode,
      minDays: products.minDays,
      status: products.status,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return site;
}

/** A hold of this buyer (any state); someone else's or none is undefined (404 upstream). */
export async function findHoldOf(db: Db, id: number, userId: number): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.heldByUserId, userId)))
    .limit(1);
  return row;
}

/** A live option, whoever holds it (another buyer asking for its dates). */
export async function findLiveHold(db: Db, id: number, now: Date): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.status, 'option'), gt(bookings.holdExpiresAt, now)))
    .limit(1);
  return row;
}

/**
 * The buyer's holds, live first and then those that ended within the last 30 days, each with its site;
 * at most 100 (a buyer has at most MAX_HELD_SITES live ones).
 */
export async function listHoldsOf(db: Db, userId: number, now: Date) {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  return db
    .select({ hold: bookings, name: products.name, productCode: products.productCode })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(
      and(
        eq(bookings.heldByUserId, userId),
        or(eq(bookings.status, 'option'), gt(bookings.createdAt, since)),
      ),
    )
    .orderBy(sql`(${bookings.status} = 'option') desc`, desc(bookings.id))
    .limit(100);
}

/** The live options on these sites, whoever holds them (GET /api/holds/sites), by site then start. */
export async function findLiveHoldsOn(db: Db, productIds: number[], now: Date): Promise<HoldRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.productId, productIds),
        eq(bookings.status, 'option'),
        gt(bookings.holdExpiresAt, now),
      ),
    )
    .orderBy(bookings.productId, sql`lower(${bookings.period})`, bookings.id)
    .limit(1000);
}

/** Sites the buyer holds right now (two holds of one site count once). */
export async function countHeldSites(db: Db, userId: number, now: Date, besides?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${bookings.productId})::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.heldByUserId, userId),
        eq(bookings.status, 'option'),
        gt(bookings.holdExpiresAt, now),
        besides === undefined ? undefined : sql`${bookings.productId} <> ${besides}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** What occupies any day of [from, to) on the site right now, earliest first (at most 5). */
export async function findLiveOverlaps(db: Db, productId: number, from: string, to: string, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        sql`${bookings.period} && daterange(${from}::date, ${to}::date, '[)')`,
        liveBookingAt(now),
      ),
    )
    .orderBy(sql`lower(${bookings.period})`, bookings.id)
    .limit(5);
}

/** Advisory-lock namespace (first key) of one buyer's holds. */
const LOCK_BUYER_HOLDS = 91_012;

/**
 * One buyer's new holds one at a time (across processes) until the transaction ends, so two at once cannot
 * both count 19 held sites and both make a 20th and a 21st. Taken before any other lock.
 */
export async function lockBuyerHolds(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUYER_HOLDS}, ${userId})`);
}

/** The site's occupancy queue (db/booking-occupancy.ts), which every writer of live rows on it joins. */
export function lockSite(tx: Db, productId: number): Promise<void> {
  return lockSiteOccupancy(tx, [productId]);
}

/**
 * Live options ending within `until` that nobody asked for (the ask told the holder already), with what
 * a reminder needs: the holder's phone and email, the site's name.
 */
export async function findHoldsEndingBy(db: Db, now: Date, until: Date) {
  return db
    .select({
      id: bookings.id,
      period: bookings.period,
      expiresAt: bookings.holdExpiresAt,
      siteName: products.name,
      phone: users.phoneNumber,
      email: users.email,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, bookings.heldByUserId))
    .where(
      and(
        eq(bookings.status, 'option'),
        gt(bookings.holdExpiresAt, now),
        lte(bookings.holdExpiresAt, until),
        sql`${bookings.requestedAt} is null`,
      ),
    )
    .limit(1000);
}

/** The holder's phone and email (a notice about their hold). */
export async function findHolderContact(db: Db, userId: number) {
  const [row] = await db
    .select({ phone: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Options that expired (their end came, whoever cancelled the row: the sweep, or a hold, checkout or block
 * on the site releasing it first) with their end after `since`, with the holder's contact and the site's
 * name: the expiry notices (decision 084) are queued from these, deduplicated per hold.
 */
export async function findExpiredOptionsSince(db: Db, since: Date, now: Date) {
  return db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      period: bookings.period,
      expiresAt: bookings.holdExpiresAt,
      requestedByUserId: bookings.requestedByUserId,
      siteName: products.name,
      phone: users.phoneNumber,
      email: users.email,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, bookings.heldByUserId))
    .where(
      and(
        eq(bookings.status, 'cancelled'),
        eq(bookings.optionEnded, 'expired'),
        gt(bookings.holdExpiresAt, since),
        lte(bookings.holdExpiresAt, now),
      ),
    )
    .orderBy(bookings.id)
    .limit(2000);
}
