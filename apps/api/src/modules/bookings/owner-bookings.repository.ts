import { and, asc, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, orderItems, orders, products, users } from '../../db/schema.ts';

/**
 * What a media owner sees of the bookings on its sites (docs/product-rules.md sections 8 and 13): the calendar's
 * bookings, holds and blocks, and the list of paid lines. Every query is scoped by products.media_owner_id.
 * The buyer is named by company and name only: phone numbers and emails never leave here.
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function countOwnerSites(db: Db, mediaOwnerId: number, siteId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.mediaOwnerId, mediaOwnerId), siteId ? eq(products.id, siteId) : undefined));
  return Number(row?.n ?? 0);
}

export async function listOwnerSites(
  db: Db,
  mediaOwnerId: number,
  options: { siteId?: number; limit: number; offset: number },
) {
  return db
    .select({
      id: products.id,
      productCode: products.productCode,
      name: products.name,
      status: products.status,
    })
    .from(products)
    .where(
      and(
        eq(products.mediaOwnerId, mediaOwnerId),
        options.siteId ? eq(products.id, options.siteId) : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Live rows (paid bookings, unexpired holds, blocks) of these sites overlapping [from, toExclusive). */
export async function calendarRows(
  db: Db,
  productIds: number[],
  from: string,
  toExclusive: string,
  now: Date,
) {
  if (!productIds.length) return [];
  return db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      status: bookings.status,
      lo: sql<string>`lower(${bookings.period})::text`,
      hi: sql<string>`upper(${bookings.period})::text`,
      orderId: bookings.orderId,
      holdExpiresAt: bookings.holdExpiresAt,
      blockReason: bookings.blockReason,
      buyerCompany: users.company,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
    })
    .from(bookings)
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        sql`${bookings.productId} = any(${`{${productIds.join(',')}}`}::int[])`,
        sql`${bookings.period} && daterange(${from}::date, ${toExclusive}::date, '[)')`,
        sql`(${bookings.status} in ('confirmed', 'blocked') or (${bookings.status} in ('held', 'option') and ${bookings.holdExpiresAt} > ${ts(now)}))`,
      ),
    )
    .orderBy(asc(bookings.productId), asc(sql`lower(${bookings.period})`), asc(bookings.id));
}

export interface OwnerBookingFilters {
  mediaOwnerId: number;
  siteId?: number;
  /** Lines running on any day of [from, toInclusive]. */
  from?: string;
  to?: string;
  status?: 'upcoming' | 'running' | 'completed' | 'cancelled';
  today: string;
}

/** A paid line's place in time, from today's date in IST; a cancelled line says so first. */
function statusSql(today: string): SQL<string> {
  return sql<string>`case when ${orderItems.status} = 'cancelled' then 'cancelled'
    when ${orderItems.fromDate} > ${today}::date then 'upcoming'
    when ${orderItems.toDate} <= ${today}::date then 'completed' else 'running' end`;
}

function ownerBookingsWhere(f: OwnerBookingFilters) {
  return and(
    eq(products.mediaOwnerId, f.mediaOwnerId),
    // Every line of an order that was paid, whatever happened since (partly or fully cancelled or
    // refunded); a payment captured too late to apply ('failed') never booked anything.
    isNotNull(orders.paidAt),
    ne(orders.status, 'failed'),
    f.siteId ? eq(orderItems.productId, f.siteId) : undefined,
    // A line [from_date, to_date) runs on day d when from_date <= d < to_date.
    f.from ? sql`${orderItems.toDate} > ${f.from}::date` : undefined,
    f.to ? sql`${orderItems.fromDate} <= ${f.to}::date` : undefined,
    f.status ? sql`${statusSql(f.today)} = ${f.status}` : undefined,
  );
}

export async function countOwnerBookings(db: Db, f: OwnerBookingFilters): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(ownerBookingsWhere(f));
  return Number(row?.n ?? 0);
}

/** Paid lines on the owner's sites, soonest start first. */
export async function listOwnerBookings(db: Db, f: OwnerBookingFilters, limit: number, offset: number) {
  return db
    .select({
      lineId: orderItems.id,
      orderId: orderItems.orderId,
      siteId: orderItems.productId,
      siteCode: products.productCode,
      siteName: products.name,
      buyerCompany: users.company,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      days: orderItems.days,
      pricePaise: orderItems.pricePaise,
      status: statusSql(f.today),
      paidAt: orders.paidAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(ownerBookingsWhere(f))
    .orderBy(asc(orderItems.fromDate), asc(orderItems.id))
    .limit(limit)
    .offset(offset);
}

/** Live options (buyers' holds, decision 082) on the owner's sites, by the list's site and date filters. */
export async function listOwnerOptions(db: Db, f: OwnerBookingFilters, now: Date, limit: number) {
  return db
    .select({
      id: bookings.id,
      siteId: bookings.productId,
      siteCode: products.productCode,
      siteName: products.name,
      fromDate: sql<string>`lower(${bookings.period})::text`,
      toDate: sql<string>`upper(${bookings.period})::text`,
      expiresAt: bookings.holdExpiresAt,
      requestedAt: bookings.requestedAt,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(
      and(
        eq(products.mediaOwnerId, f.mediaOwnerId),
        eq(bookings.status, 'option'),
        sql`${bookings.holdExpiresAt} > ${ts(now)}`,
        f.siteId ? eq(bookings.productId, f.siteId) : undefined,
        f.from ? sql`upper(${bookings.period}) > ${f.from}::date` : undefined,
        f.to ? sql`lower(${bookings.period}) <= ${f.to}::date` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${bookings.period})`), asc(bookings.id))
    .limit(limit);
}
