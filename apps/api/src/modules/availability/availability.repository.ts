import type { IsoDate } from '@ooh/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveBookingAt } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { Binds, preparedRead } from '../../db/prepared-reads.ts';
import { bookings, products } from '../../db/schema.ts';

/** Live bookings, holds and blocks (db/booking-occupancy.ts). */
const liveAt = liveBookingAt;

export interface RangeQuery {
  productId: number;
  from: IsoDate;
  to: IsoDate;
}

export interface RangeAnswer {
  /** Position of the range in the request. */
  index: number;
  /** The site exists and is live: a paused or unapproved site is never free to buyers. */
  productExists: boolean;
  taken: boolean;
}

/**
 * Answers every range in one round trip: the ranges travel as three arrays, are unnested with their
 * position, and each is tested against the live bookings of its site with && on [from, to).
 * The arrays are bound parameters; the caller passes only integer ids and ISO dates with from < to.
 */
export async function answerRanges(db: Db, now: Date, ranges: RangeQuery[]): Promise<RangeAnswer[]> {
  if (ranges.length === 0) return [];
  const ids = `{${ranges.map((r) => r.productId).join(',')}}`;
  const froms = `{${ranges.map((r) => r.from).join(',')}}`;
  const tos = `{${ranges.map((r) => r.to).join(',')}}`;
  // node-postgres and PGlite both answer raw queries as { rows }.
  const result = (await db.execute(sql`
    select r.ord, (${products.id} is not null) as product_exists,
      exists (
        select 1 from ${bookings}
        where ${bookings.productId} = r.product_id
          and ${bookings.period} && daterange(r.from_date, r.to_date, '[)')
          and ${liveAt(now)}
      ) as taken
    from unnest(${ids}::int[], ${froms}::date[], ${tos}::date[]) with ordinality as r(product_id, from_date, to_date, ord)
    left join ${products} on ${products.id} = r.product_id and ${products.status} = 'live'
    order by r.ord`)) as unknown as {
    rows: Array<{ ord: string | number; product_exists: boolean; taken: boolean }>;
  };
  return result.rows.map((row) => ({
    index: Number(row.ord) - 1,
    productExists: Boolean(row.product_exists),
    taken: Boolean(row.taken),
  }));
}

export interface OccupiedRange {
  productId: number;
  /** First occupied day, clipped to the window. */
  from: IsoDate;
  /** Day after the last occupied day, clipped to the window. */
  to: IsoDate;
}

/** Live bookings of the given sites that overlap [windowFrom, windowTo), clipped to it, in one query. */
export async function findOccupiedRanges(
  db: Db,
  now: Date,
  productIds: number[],
  windowFrom: IsoDate,
  windowTo: IsoDate,
): Promise<OccupiedRange[]> {
  if (productIds.length === 0) return [];
  // Prepared once (db/prepared-reads.ts): the ids travel as one array, so every page size is one statement.
  const b = new Binds();
  const ids = b.bind('ids', productIds);
  const [from, to] = [b.bind('wf', windowFrom), b.bind('wt', windowTo)];
  const live = liveAt(now, b.bind);
  return preparedRead(db, 'occupied-ranges', b, () =>
    db
      .select({
        productId: bookings.productId,
        // greatest/least ignore NULL, so an unbounded side is clipped to the window as well.
        from: sql<string>`greatest(lower(${bookings.period}), ${from}::date)::text`,
        to: sql<string>`least(upper(${bookings.period}), ${to}::date)::text`,
      })
      .from(bookings)
      .where(
        and(
          sql`${bookings.productId} = any(${ids}::int[])`,
          sql`${bookings.period} && daterange(${from}::date, ${to}::date, '[)')`,
          live,
        ),
      ),
  ).execute(b.values);
}

/** The site's live options (buyers' holds, decision 082) ending after `today`, earliest first. */
export async function findLiveOptions(db: Db, now: Date, productId: number, today: IsoDate) {
  return db
    .select({
      id: bookings.id,
      from: sql<string>`lower(${bookings.period})::text`,
      to: sql<string>`upper(${bookings.period})::text`,
      until: bookings.holdExpiresAt,
      requestedAt: bookings.requestedAt,
    })
    .from(bookings)
    .where(
      and(
        sql`${bookings.productId} = ${productId}`,
        sql`${bookings.status} = 'option'`,
        sql`${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz`,
        sql`upper(${bookings.period}) > ${today}::date`,
      ),
    )
    .orderBy(sql`lower(${bookings.period})`)
    .limit(50);
}

/** Live options (decision 082) on any of these sites that end after `today`: their ranges and ends. */
export async function findLiveOptionsOf(db: Db, now: Date, productIds: number[], today: IsoDate) {
  if (!productIds.length) return [];
  return db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      from: sql<string>`lower(${bookings.period})::text`,
      to: sql<string>`upper(${bookings.period})::text`,
      until: bookings.holdExpiresAt,
      requestedAt: bookings.requestedAt,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.productId, productIds),
        sql`${bookings.status} = 'option'`,
        sql`${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz`,
        sql`upper(${bookings.period}) > ${today}::date`,
      ),
    )
    .orderBy(bookings.productId, sql`lower(${bookings.period})`)
    .limit(20 * productIds.length);
}

/** Whether the site is listed (live): only a live site has a calendar for buyers. */
export async function isListedProduct(db: Db, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'live')))
    .limit(1);
  return rows.length > 0;
}

export interface CalendarRow {
  from: IsoDate;
  to: IsoDate;
  /** The row's status: confirmed, blocked, or a kind of hold (a checkout's `held`, a buyer's option). */
  status: string;
}

/** The site's live rows (db/booking-occupancy.ts) overlapping [windowFrom, windowTo), clipped to it. */
export async function findCalendarRows(
  db: Db,
  now: Date,
  productId: number,
  windowFrom: IsoDate,
  windowTo: IsoDate,
): Promise<CalendarRow[]> {
  return db
    .select({
      from: sql<string>`greatest(lower(${bookings.period}), ${windowFrom}::date)::text`,
      to: sql<string>`least(upper(${bookings.period}), ${windowTo}::date)::text`,
      status: sql<string>`${bookings.status}::text`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        sql`${bookings.period} && daterange(${windowFrom}::date, ${windowTo}::date, '[)')`,
        liveAt(now),
      ),
    );
}
