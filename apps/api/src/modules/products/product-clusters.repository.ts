import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveBookingAt } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { bookings, categories, products } from '../../db/schema.ts';
import { type BoxAccess, type ProductFilters, whereOf } from './product-conditions.ts';

export interface CellRow {
  cx: number;
  cy: number;
  count: number;
  latitude: number;
  longitude: number;
  /** The smallest id in the cell: the site itself when the cell holds one. */
  firstId: number;
  /** With a range: sites free on every day, and on none. */
  free: number;
  booked: number;
}

export interface ClusterGrid {
  /** Cell width in degrees of longitude and height in degrees of latitude. */
  cellLng: number;
  cellLat: number;
  /** Dates the sites are coloured by (to exclusive), and the moment holds are judged at. */
  range?: { from: string; to: string; now: Date };
}

/**
 * Every matching site with a position, counted per grid cell in one grouping query (docs/decisions/
 * 045-map-clusters-and-coastline.md): cells are floor(longitude / cellLng) x floor(latitude / cellLat),
 * anchored at 0 so they stay put while the map pans. With a range, each site's booked days in it come from
 * one pass over the bookings overlapping it (gist on period), joined by product.
 */
export async function findCells(
  db: Db,
  filters: ProductFilters,
  grid: ClusterGrid,
  access: BoxAccess,
): Promise<CellRow[]> {
  const { cellLng, cellLat, range } = grid;
  const where = and(
    whereOf(filters, access),
    sql`${products.latitude} is not null and ${products.longitude} is not null`,
  );
  const common = sql`floor(${products.longitude} / ${cellLng}::float8)::int as cx,
      floor(${products.latitude} / ${cellLat}::float8)::int as cy,
      count(*)::int as count, avg(${products.latitude})::float8 as latitude,
      avg(${products.longitude})::float8 as longitude, min(${products.id})::int as first_id`;
  let query: ReturnType<typeof sql>;
  if (range) {
    const asked = sql`daterange(${range.from}::date, ${range.to}::date, '[)')`;
    const days = sql`(${range.to}::date - ${range.from}::date)`;
    query = sql`
      select ${common},
        count(*) filter (where o.taken is null and ${products.minDays} <= ${days})::int as free,
        count(*) filter (where o.taken >= ${days})::int as booked
      from ${products}
      left join (
        select ${bookings.productId} as product_id,
          sum(upper(${bookings.period} * ${asked}) - lower(${bookings.period} * ${asked}))::int as taken
        from ${bookings}
        where ${bookings.period} && ${asked} and ${liveBookingAt(range.now)}
        group by ${bookings.productId}
      ) o on o.product_id = ${products.id}
      where ${where}
      group by 1, 2`;
  } else {
    query = sql`select ${common}, 0 as free, 0 as booked from ${products} where ${where} group by 1, 2`;
  }
  const result = (await db.execute(query)) as unknown as {
    rows: Array<Record<keyof Omit<CellRow, 'firstId'> | 'first_id', number | string>>;
  };
  return result.rows.map((r) => ({
    cx: Number(r.cx),
    cy: Number(r.cy),
    count: Number(r.count),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    firstId: Number(r.first_id),
    free: Number(r.free),
    booked: Number(r.booked),
  }));
}

/**
 * With the in-memory grid: each site's booked days in [from, to) (sites with none are absent), from the
 * same pass over the overlapping bookings as findCells' subquery, so free/partly/booked agree with it. The
 * few bookings a site has in a range are summed here rather than by a grouping in the database (a quarter
 * of the query's time at 6,000 bookings).
 */
export async function findTakenDays(
  db: Db,
  range: NonNullable<ClusterGrid['range']>,
): Promise<Map<number, number>> {
  const asked = sql`daterange(${range.from}::date, ${range.to}::date, '[)')`;
  const result = (await db.execute(sql`
    select ${bookings.productId} as product_id,
      upper(${bookings.period} * ${asked}) - lower(${bookings.period} * ${asked}) as taken
    from ${bookings}
    where ${bookings.period} && ${asked} and ${liveBookingAt(range.now)}`)) as unknown as {
    rows: Array<{ product_id: number; taken: number }>;
  };
  const taken = new Map<number, number>();
  for (const r of result.rows) {
    const id = Number(r.product_id);
    taken.set(id, (taken.get(id) ?? 0) + Number(r.taken));
  }
  return taken;
}

export interface ClusterSiteRow {
  id: number;
  name: string;
  city: string;
  category: string;
  pricePaise: number;
  latitude: number | null;
  longitude: number | null;
}

/** What a lone site's marker shows. */
export async function findClusterSites(db: Db, ids: number[]): Promise<ClusterSiteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      city: products.city,
      category: categories.name,
      pricePaise: products.pricePaise,
      latitude: products.latitude,
      longitude: products.longitude,
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(inArray(products.id, ids))
    .orderBy(products.id);
}
