import { and, asc, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, orderItems, orders, products, users } from '../../db/schema.ts';

/*
 * What a media owner sees of the orders on its sites (docs/product-rules.md sections 8 and 13; issue 43:
 * the bookings module reads no order table): the calendar's live booking rows with their buyers, and the
 * paid lines. Moved from bookings/owner-bookings.repository.ts as they were, one query each; products and
 * users are read in this module already (line-reads, ops-orders). Every query is scoped by
 * products.media_owner_id (the calendar's by the owner's site ids). The buyer is named by company and name
 * only: phone numbers and emails never leave here.
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

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
