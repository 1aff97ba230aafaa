import {
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { liveBookingAt } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { bookings, categories, products } from '../../db/schema.ts';
import { containsPattern } from './query-helpers.ts';

/** The columns a buyer's answer shows (toProduct); not the review, hold, owner or timestamp columns. */
const SHOWN = [
  'id',
  'productCode',
  'name',
  'description',
  'pricePaise',
  'address',
  'images',
  'bookingDuration',
  'imageSize',
  'imageFormat',
  'lighting',
  'state',
  'district',
  'city',
  'pinCode',
  'impression',
  'latitude',
  'longitude',
] as const;

export type ProductRow = Pick<typeof products.$inferSelect, (typeof SHOWN)[number]> & {
  categoryName: string;
};

/** Filters in database terms: lists already split, prices in paise, bounds already clamped to integers. */
/** One search word and what else it may have been typed as (docs/decisions/044-site-search.md). */
export interface SearchWord {
  /** The word as typed and its other city name. */
  exact: string[];
  /** Catalogue words one typo away; matches through them rank after the exact ones. */
  typo: string[];
}

/** Free for [from, to) at `now`; flexible also on the same length moved by up to `shiftDays` either way. */
export interface DateFilter {
  from: string;
  to: string;
  now: Date;
  /** With flexible: the largest shift, and the earliest start a moved range may have. */
  flexible?: { shiftDays: number; earliest: string };
}

export interface ProductFilters {
  /** Every word must match in some searchable field. */
  words?: SearchWord[];
  category?: { ids: number[]; names: string[] };
  states?: string[];
  districts?: string[];
  lightings?: string[];
  pricePaise?: [number, number];
  impression?: [number, number];
  ids?: number[];
  /** [minLng, minLat, maxLng, maxLat] in degrees. */
  bbox?: [number, number, number, number];
  near?: { lat: number; lng: number; radiusKm: number };
  dates?: DateFilter;
}

/** Buyers see only live sites (docs/product-rules.md section 8); products_status_idx serves it. */
export const isListed = () => eq(products.status, 'live');

/**
 * How a box is read: through products_position_gist_idx ('index'), or as plain bounds ('scan') that leave
 * the planner walking products_status_idx in id order, which finds a page at once when the box holds a
 * large share of the sites (a city at 100,000 sites: 0.2 ms against 70 ms through the index, whose row
 * estimate is a fixed guess). The service chooses from the count.
 */
export type BoxAccess = 'index' | 'scan';

export function whereOf(f: ProductFilters, access: BoxAccess = 'index'): SQL | undefined {
  const conditions: SQL[] = [isListed()];
  for (const word of f.words ?? []) conditions.push(wordMatches([...word.exact, ...word.typo]));
  if (f.category) {
    // A category is named by id, name (any case) or slug.
    const { ids, names } = f.category;
    const matching = or(
      inArray(categories.id, ids),
      inArray(sql`lower(${categories.name})`, names),
      inArray(categories.slug, names),
    );
    conditions.push(
      inArray(products.categoryId, sql`(select ${categories.id} from ${categories} where ${matching})`),
    );
  }
  if (f.states) conditions.push(inArray(products.state, f.states));
  if (f.districts) conditions.push(inArray(products.district, f.districts));
  if (f.lightings) conditions.push(inArray(products.lighting, f.lightings));
  if (f.pricePaise) {
    conditions.push(gte(products.pricePaise, f.pricePaise[0]), lte(products.pricePaise, f.pricePaise[1]));
  }
  if (f.impression) {
    conditions.push(gte(products.impression, f.impression[0]), lte(products.impression, f.impression[1]));
  }
  if (f.ids) conditions.push(inArray(products.id, f.ids));
  if (f.bbox) conditions.push(access === 'index' ? inBox(f.bbox) : inBounds(f.bbox));
  if (f.near) {
    // The box around the circle takes products_position_gist_idx; the exact distance then trims its corners.
    conditions.push(inBox(boxAround(f.near)), sql`${distanceKm(f.near)} <= ${f.near.radiusKm}::float8`);
  }
  if (f.dates) conditions.push(freeFor(f.dates));
  return and(...conditions);
}

/**
 * One search word (any of its spellings) in any of name, address, city, district, state, site code or
 * format (the category's name). ILIKE '%w%' on the trigram GIN indexes of migration 0003.
 */
function wordMatches(spellings: string[]): SQL {
  const fields: SQL[] = [];
  for (const spelling of spellings) {
    const pattern = containsPattern(spelling);
    const like = (column: SQLWrapper) => sql`${column} ilike ${pattern} escape '\\'`;
    fields.push(
      like(products.name),
      like(products.address),
      like(products.city),
      like(products.district),
      like(products.state),
      like(products.productCode),
      inArray(
        products.categoryId,
        sql`(select ${categories.id} from ${categories} where ${like(categories.name)})`,
      ),
    );
  }
  return sql`(${sql.join(fields, sql` or `)})`;
}

/** Every word matches as typed (or as its other city name): such sites rank first. */
export function exactMatchRank(words: SearchWord[] | undefined): SQL | undefined {
  if (!words?.some((w) => w.typo.length > 0)) return undefined;
  const exact = and(...words.map((w) => wordMatches(w.exact)));
  return sql`(case when ${exact} then 0 else 1 end)`;
}

/** No live booking, hold or block of the site overlaps [from, to) (the exclusion index's gist on product_id, period). */
function freeOn(from: SQL, to: SQL, now: Date): SQL {
  return sql`not exists (select 1 from ${bookings} where ${bookings.productId} = ${products.id} and ${bookings.period} && daterange(${from}, ${to}, '[)') and ${liveBookingAt(now)})`;
}

function freeFor(d: DateFilter): SQL {
  const from = sql`${d.from}::date`;
  const to = sql`${d.to}::date`;
  const exact = freeOn(from, to, d.now);
  if (!d.flexible) return exact;
  // Free as asked, or on some moved range that starts no earlier than a booking may.
  const { shiftDays, earliest } = d.flexible;
  const moved = freeOn(sql`(${from} + s.shift)`, sql`(${to} + s.shift)`, d.now);
  return sql`(${exact} or exists (select 1 from generate_series(${-shiftDays}::int, ${shiftDays}::int) as s(shift) where s.shift <> 0 and ${from} + s.shift >= ${earliest}::date and ${moved}))`;
}

/**
 * Inside a box, written as products_position_gist_idx is declared (migration 0011: point(longitude, latitude)
 * with the same NOT NULL predicate) so the planner can use it.
 */
function inBox([minLng, minLat, maxLng, maxLat]: [number, number, number, number]): SQL {
  return sql`(${products.latitude} is not null and ${products.longitude} is not null and point(${products.longitude}, ${products.latitude}) <@ box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8)))`;
}

function inBounds([minLng, minLat, maxLng, maxLat]: [number, number, number, number]): SQL {
  return sql`(${products.latitude} between ${minLat}::float8 and ${maxLat}::float8 and ${products.longitude} between ${minLng}::float8 and ${maxLng}::float8)`;
}

/** Mean Earth radius (km), as in the haversine below. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * The smallest latitude/longitude box holding every point within radiusKm of the centre. Near a pole or
 * across the 180th meridian it widens to every longitude: correct, merely less selective.
 */
export function boxAround(near: {
  lat: number;
  lng: number;
  radiusKm: number;
}): [number, number, number, number] {
  const angle = near.radiusKm / EARTH_RADIUS_KM;
  const dLat = (angle * 180) / Math.PI;
  const minLat = Math.max(-90, near.lat - dLat);
  const maxLat = Math.min(90, near.lat + dLat);
  const cosLat = Math.cos((near.lat * Math.PI) / 180);
  if (minLat <= -90 || maxLat >= 90 || Math.sin(angle) >= cosLat) return [-180, minLat, 180, maxLat];
  const dLng = (Math.asin(Math.sin(angle) / cosLat) * 180) / Math.PI;
  const minLng = near.lng - dLng;
  const maxLng = near.lng + dLng;
  if (minLng < -180 || maxLng > 180) return [-180, minLat, 180, maxLat];
  return [minLng, minLat, maxLng, maxLat];
}

/** Great-circle distance in km from the centre (haversine). */
function distanceKm({ lat, lng }: { lat: number; lng: number }): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${products.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${products.latitude}))
      * power(sin(radians(${products.longitude} - ${lng}::float8) / 2), 2)))))`;
}

// Only what is shown: reading and mapping the rest (timestamps, the pending review's JSON) was part of an
// uncached page's cost (issue 23).
const columns = getTableColumns(products);
const selection = {
  ...Object.fromEntries(SHOWN.map((name) => [name, columns[name]])),
  categoryName: categories.name,
} as { [K in (typeof SHOWN)[number]]: (typeof columns)[K] } & { categoryName: typeof categories.name };

/** How many products match. */
export async function countProducts(db: Db, filters: ProductFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(whereOf(filters));
  return Number(row?.count ?? 0);
}

/**
 * How many products matching `filters` (without dates) have a live booking, hold or block overlapping
 * [from, to): the bookings overlapping the range, found through the gist on period, then the products among
 * them. Free for the dates is the count without dates less this (issue 23: counting free sites one
 * NOT EXISTS probe per site took 1.6 s at 100,000 sites).
 */
export async function countTakenProducts(
  db: Db,
  filters: Omit<ProductFilters, 'dates'>,
  range: { from: string; to: string; now: Date },
): Promise<number> {
  const taken = sql`(select ${bookings.productId} from ${bookings} where ${bookings.period} && daterange(${range.from}::date, ${range.to}::date, '[)') and ${liveBookingAt(range.now)})`;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(whereOf(filters), inArray(products.id, taken)));
  return Number(row?.count ?? 0);
}

/** The ids of every matching product in id order, at most `limit`. */
export async function findProductIds(db: Db, filters: ProductFilters, limit: number): Promise<number[]> {
  const rank = exactMatchRank(filters.words);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(whereOf(filters))
    .orderBy(...(rank ? [rank, asc(products.id)] : [asc(products.id)]))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Exact search matches first (when a typo widened the search), then id order: stable across pages. */
function orderOf(filters: ProductFilters): SQL[] {
  const rank = exactMatchRank(filters.words);
  return rank ? [rank, asc(products.id)] : [asc(products.id)];
}

/** One page in id order (stable across pages); `access` says how a bbox is read. */
export async function findProductPage(
  db: Db,
  filters: ProductFilters,
  limit: number,
  offset: number,
  access: BoxAccess = 'index',
): Promise<ProductRow[]> {
  return db
    .select(selection)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(whereOf(filters, access))
    .orderBy(...orderOf(filters))
    .limit(limit)
    .offset(offset);
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
  const distance = distanceKm(near);
  const centre = sql`point(${near.lng}::float8, ${near.lat}::float8)`;
  const position = sql`point(${products.longitude}, ${products.latitude})`;
  const firstRows = await db
    .select({ distance: sql<number>`${distance}`.mapWith(Number) })
    .from(products)
    .where(whereOf(filters))
    .orderBy(sql`${position} <-> ${centre}`)
    .limit(offset + limit);
  if (firstRows.length === 0) return [];
  const reach = Math.min(near.radiusKm, Math.max(...firstRows.map((r) => r.distance))) + 1e-6;
  const [, minLat, , maxLat] = boxAround({ ...near, radiusKm: reach });
  const cosMin = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const degrees = ((reach / EARTH_RADIUS_KM) * (180 / Math.PI)) / Math.max(cosMin, 1e-6);
  return db
    .select({ ...selection, distanceKm: sql<number>`${distance}`.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(
      and(
        whereOf(filters),
        sql`${position} <@ circle(${centre}, ${degrees}::float8)`,
        sql`${distance} <= ${reach}::float8`,
      ),
    )
    .orderBy(distance, asc(products.id))
    .limit(limit)
    .offset(offset);
}

export async function findProductById(db: Db, id: number): Promise<ProductRow | undefined> {
  const rows = await db
    .select(selection)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.id, id), isListed()))
    .limit(1);
  return rows[0];
}

/**
 * Every distinct lower-case word of four letters or more in what search reads of the live sites and the
 * category names: the vocabulary a typo is corrected against (docs/decisions/044-site-search.md).
 */
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
