import type { ProductOrdering } from '@ooh/shared';
import { and, asc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import { liveBookingAt } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { type Bind, Binds, preparedRead } from '../../db/prepared-reads.ts';
import { bookings, categories, products } from '../../db/schema.ts';
import {
  type BoxAccess,
  boxAround,
  cityMatchRank,
  dailyCpmOrder,
  distanceKm,
  EARTH_RADIUS_KM,
  exactMatchRank,
  isListed,
  type ProductFilters,
  whereOf,
} from './product-conditions.ts';

/** The columns a buyer's answer shows (toProduct); not the review, hold, owner or timestamp columns. */
const SHOWN = [
  'id',
  'productCode',
  'name',
  'description',
  'pricePaise',
  'weeklyPricePaise',
  'fourWeeklyPricePaise',
  'minDays',
  'address',
  'images',
  'bookingDuration',
  'minDays',
  'imageSize',
  'imageFormat',
  'lighting',
  'state',
  'district',
  'city',
  'pinCode',
  'impression',
  'audienceSource',
  'audienceMeasuredOn',
  'audienceMethod',
  'audienceVerifiedAt',
  'latitude',
  'longitude',
] as const;

export type ProductRow = Pick<typeof products.$inferSelect, (typeof SHOWN)[number]> & {
  categoryName: string;
};

// Only what is shown: reading and mapping the rest (timestamps, the pending review's JSON) was part of an
// uncached page's cost (issue 23).
const columns = getTableColumns(products);
type Row = typeof products.$inferSelect;
const selection = {
  ...Object.fromEntries(SHOWN.map((name) => [name, columns[name]])),
  // JSON as the driver parsed it (node-postgres and PGlite both parse json and jsonb): drizzle's jsonb
  // decoder parses a string value again, so a stored "14" came back as 14 and "30 days" threw and was
  // caught on every row that held one (decision 052). An SQL expression carries no decoder.
  images: sql<Row['images']>`${products.images}`,
  bookingDuration: sql<Row['bookingDuration']>`${products.bookingDuration}`,
  categoryName: categories.name,
} as unknown as {
  [K in Exclude<(typeof SHOWN)[number], 'images' | 'bookingDuration'>]: (typeof columns)[K];
} & {
  images: SQL<Row['images']>;
  bookingDuration: SQL<Row['bookingDuration']>;
  categoryName: typeof categories.name;
};

/** How many products match. */
export async function countProducts(db: Db, filters: ProductFilters): Promise<number> {
  const b = new Binds();
  const where = whereOf(filters, 'index', b.bind);
  const [row] = await preparedRead(db, 'product-count', b, () =>
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
  ).execute(b.values);
  return Number(row?.count ?? 0);
}

/**
 * How many products matching `filters` (without dates) cannot take [from, to): a live booking, hold or block
 * overlaps it (the bookings overlapping the range, found through the gist on period, then the products among
 * them), or their minimum booking is longer than it (issue 48). Free for the dates is the count without
 * dates less this (issue 23: counting free sites one NOT EXISTS probe per site took 1.6 s at 100,000 sites).
 */
export async function countTakenProducts(
  db: Db,
  filters: Omit<ProductFilters, 'dates'>,
  range: { from: string; to: string; now: Date },
): Promise<number> {
  const b = new Binds();
  const where = whereOf(filters, 'index', b.bind);
  // A site whose minimum booking is longer than the range cannot take it either (issue 48). That `or` makes
  // PostgreSQL read every matching site whatever the taken set is, so the taken ids are a hashed
  // `in (select ...)`: as `= any(array(...))` each site was compared with every taken id in turn (2.4 s at
  // 100,000 sites and 6,300 taken; 56 ms hashed), though without the `or` the array was a primary-key lookup.
  const tooShort = sql`${products.minDays} > (${b.bind('tt', range.to)}::date - ${b.bind('tf', range.from)}::date)`;
  const taken = sql`select ${bookings.productId} from ${bookings} where ${bookings.period} && daterange(${b.bind('tf', range.from)}::date, ${b.bind('tt', range.to)}::date, '[)') and ${liveBookingAt(range.now, b.bind)}`;
  const [row] = await preparedRead(db, 'product-taken-count', b, () =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(where, or(sql`${products.id} in (${taken})`, tooShort))),
  ).execute(b.values);
  return Number(row?.count ?? 0);
}

/** The ids of every matching product in id order, at most `limit`. */
export async function findProductIds(db: Db, filters: ProductFilters, limit: number): Promise<number[]> {
  const b = new Binds();
  const where = whereOf(filters, 'index', b.bind);
  const order = orderOf(filters, b.bind);
  const max = b.bind('limit', limit);
  const rows = await preparedRead(db, 'product-ids', b, () =>
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(max),
  ).execute(b.values);
  return rows.map((r) => r.id);
}

/**
 * The asked ordering (CPM or impressions, sites without a figure last), then sites in a city a search word
 * names ("Mumbai" before a Pune site on the Mumbai-Bengaluru Highway), then exact search matches (when a
 * typo widened the search), then id order: stable across pages. The ordering a planner chose comes before
 * the search's ranks: "cheapest CPM among my results" is what a sort asks.
 */
function orderOf(filters: ProductFilters, bind: Bind, ordering?: ProductOrdering): SQL[] {
  const ranks = [cityMatchRank(filters.words, bind), exactMatchRank(filters.words, bind)];
  return [
    ...(ordering ? [orderingSql(ordering)] : []),
    ...ranks.filter((r): r is SQL => r !== undefined),
    asc(products.id),
  ];
}

/** NULLS LAST in both directions: a site without an audience figure has neither a CPM nor impressions to rank. */
function orderingSql(ordering: ProductOrdering): SQL {
  const desc = ordering.startsWith('-');
  const value = ordering.endsWith('cpm') ? dailyCpmOrder() : sql`${products.impression}`;
  return desc ? sql`${value} desc nulls last` : sql`${value} asc nulls last`;
}

/** One page in `ordering` then id order (stable across pages); `access` says how a bbox is read. */
export async function findProductPage(
  db: Db,
  filters: ProductFilters,
  limit: number,
  offset: number,
  access: BoxAccess = 'index',
  ordering?: ProductOrdering,
): Promise<ProductRow[]> {
  const b = new Binds();
  const where = whereOf(filters, access, b.bind);
  const order = orderOf(filters, b.bind, ordering);
  const [max, skip] = [b.bind('limit', limit), b.bind('offset', offset)];
  return preparedRead(db, `product-page:${access}:${ordering ?? 'id'}`, b, () =>
    db
      .select(selection)
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(where)
      .orderBy(...order)
      .limit(max)
      .offset(skip),
  ).execute(b.values);
}

/**
 * One page of a `near` list, nearest first by great-circle distance (then id), in two index-driven steps
 * rather than measuring every site in the circle: (1) the first offset+limit matches in the index's
 * nearest-first order (planar degrees, `<->`), whose farthest true distance D bounds the page; (2) every
 * match within D, found through the index as a circle in degrees wide enough for D at the circle's
 * highest latitude (a degree of longitude is shortest there), sorted exactly.
 */
export async function findNearPage(
  db: Db,
  filters: ProductFilters & { near: NonNullable<ProductFilters['near']> },
  limit: number,
  offset: number,
): Promise<Array<ProductRow & { distanceKm: number }>> {
  const { near } = filters;
  const position = sql`point(${products.longitude}, ${products.latitude})`;
  const first = new Binds();
  const firstWhere = whereOf(filters, 'index', first.bind);
  const firstDistance = distanceKm(near, first.bind);
  const firstCentre = sql`point(${first.bind('nlng', near.lng)}::float8, ${first.bind('nlat', near.lat)}::float8)`;
  const firstMax = first.bind('limit', offset + limit);
  const firstRows = await preparedRead(db, 'product-near-reach', first, () =>
    db
      .select({ distance: sql<number>`${firstDistance}`.mapWith(Number) })
      .from(products)
      .where(firstWhere)
      .orderBy(sql`${position} <-> ${firstCentre}`)
      .limit(firstMax),
  ).execute(first.values);
  if (firstRows.length === 0) return [];
  const reach = Math.min(near.radiusKm, Math.max(...firstRows.map((r) => r.distance))) + 1e-6;
  const [, minLat, , maxLat] = boxAround({ ...near, radiusKm: reach });
  const cosMin = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const degrees = ((reach / EARTH_RADIUS_KM) * (180 / Math.PI)) / Math.max(cosMin, 1e-6);
  const b = new Binds();
  const where = whereOf(filters, 'index', b.bind);
  const distance = distanceKm(near, b.bind);
  const centre = sql`point(${b.bind('nlng', near.lng)}::float8, ${b.bind('nlat', near.lat)}::float8)`;
  const within = sql`${position} <@ circle(${centre}, ${b.bind('deg', degrees)}::float8)`;
  const closeEnough = sql`${distance} <= ${b.bind('reach', reach)}::float8`;
  const [max, skip] = [b.bind('limit', limit), b.bind('offset', offset)];
  return preparedRead(db, 'product-near-page', b, () =>
    db
      .select({ ...selection, distanceKm: sql<number>`${distance}`.mapWith(Number) })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(and(where, within, closeEnough))
      .orderBy(distance, asc(products.id))
      .limit(max)
      .offset(skip),
  ).execute(b.values);
}

export async function findProductById(db: Db, id: number): Promise<ProductRow | undefined> {
  const b = new Binds();
  const match = eq(products.id, b.bind('id', id));
  const one = b.bind('limit', 1);
  const rows = await preparedRead(db, 'product-by-id', b, () =>
    db
      .select(selection)
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(and(match, isListed()))
      .limit(one),
  ).execute(b.values);
  return rows[0];
}

/**
 * Every distinct lower-case word of four letters or more in what search reads of the live sites and the
 * category names: the vocabulary a typo is corrected against (docs/decisions/044-site-search.md).
 */
/** The live sites' city names, lower-case, each once: a search word naming one ranks that city's sites first. */
export async function findListedCityNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: sql<string>`lower(${products.city})` })
    .from(products)
    .where(isListed());
  return rows.map((r) => r.city);
}

export async function findSearchVocabulary(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct w from (
      select regexp_split_to_table(lower(concat_ws(' ', ${products.name}, ${products.address}, ${products.city},
        ${products.district}, ${products.state})), '[^[:alnum:]]+') as w
      from ${products} where ${isListed()}
      union all
      select regexp_split_to_table(lower(${categories.name}), '[^[:alnum:]]+') from ${categories}
    ) words where length(w) >= 4`)) as unknown as { rows: Array<{ w: string }> };
  return result.rows.map((r) => r.w);
}
