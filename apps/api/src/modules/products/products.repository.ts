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
import { asOneParam, type Bind, Binds, inline, preparedRead } from '../../db/prepared-reads.ts';
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

/**
 * Buyers see only live sites (docs/product-rules.md section 8); products_status_idx serves it. The status is
 * written into the text, so a prepared read has no parameter that is not a placeholder.
 */
export const isListed = () => sql`${products.status} = 'live'`;

/**
 * How a box is read: through products_position_gist_idx ('index'), or as plain bounds ('scan') that leave
 * the planner walking products_status_idx in id order, which finds a page at once when the box holds a
 * large share of the sites (a city at 100,000 sites: 0.2 ms against 70 ms through the index, whose row
 * estimate is a fixed guess). The service chooses from the count.
 */
export type BoxAccess = 'index' | 'scan';

/**
 * The conditions of `f`. Every value goes through `bind` under a name that says where it stands, so the
 * same conditions serve a one-off query (`inline`) and a prepared read (a Binds, decision 052).
 */
export function whereOf(
  f: ProductFilters,
  access: BoxAccess = 'index',
  bind: Bind = inline,
): SQL | undefined {
  const conditions: SQL[] = [isListed()];
  const list = (name: string, values: string[]) => values.map((v, i) => bind(`${name}${i}`, v));
  for (const [i, word] of (f.words ?? []).entries()) {
    conditions.push(wordMatches(word, i, bind, 'all'));
  }
  if (f.category) {
    // A category is named by id, name (any case) or slug.
    const ids = f.category.ids.map((v, i) => bind(`ci${i}`, v));
    const names = list('cn', f.category.names);
    const matching = or(
      inArray(categories.id, ids),
      inArray(sql`lower(${categories.name})`, names),
      inArray(categories.slug, names),
    );
    conditions.push(
      inArray(products.categoryId, sql`(select ${categories.id} from ${categories} where ${matching})`),
    );
  }
  if (f.states) conditions.push(inArray(products.state, list('st', f.states)));
  if (f.districts) conditions.push(inArray(products.district, list('di', f.districts)));
  if (f.lightings) conditions.push(inArray(products.lighting, list('li', f.lightings)));
  if (f.pricePaise) {
    conditions.push(
      gte(products.pricePaise, bind('p0', f.pricePaise[0])),
      lte(products.pricePaise, bind('p1', f.pricePaise[1])),
    );
  }
  if (f.impression) {
    conditions.push(
      gte(products.impression, bind('i0', f.impression[0])),
      lte(products.impression, bind('i1', f.impression[1])),
    );
  }
  // One array parameter, so any number of ids is one statement.
  if (f.ids) conditions.push(sql`${products.id} = any(${asOneParam(bind('ids', f.ids))}::int[])`);
  if (f.bbox) conditions.push(access === 'index' ? inBox(f.bbox, 'b', bind) : inBounds(f.bbox, bind));
  if (f.near) {
    // The box around the circle takes products_position_gist_idx; the exact distance then trims its corners.
    conditions.push(
      inBox(boxAround(f.near), 'nb', bind),
      sql`${distanceKm(f.near, bind)} <= ${bind('nr', f.near.radiusKm)}::float8`,
    );
  }
  if (f.dates) conditions.push(freeFor(f.dates, bind));
  return and(...conditions);
}

/**
 * Search word `i` (any of its spellings: as typed, its other city name and, with `all`, its typo
 * corrections) in any of name, address, city, district, state, site code or format (the category's name).
 * ILIKE '%w%' on the trigram GIN indexes of migration 0003.
 */
function wordMatches(word: SearchWord, i: number, bind: Bind, which: 'all' | 'exact'): SQL {
  const spellings = [
    ...word.exact.map((s, j) => bind(`w${i}e${j}`, containsPattern(s))),
    ...(which === 'all' ? word.typo.map((s, j) => bind(`w${i}t${j}`, containsPattern(s))) : []),
  ];
  const fields: SQL[] = [];
  for (const pattern of spellings) {
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
export function exactMatchRank(words: SearchWord[] | undefined, bind: Bind = inline): SQL | undefined {
  if (!words?.some((w) => w.typo.length > 0)) return undefined;
  const exact = and(...words.map((w, i) => wordMatches(w, i, bind, 'exact')));
  return sql`(case when ${exact} then 0 else 1 end)`;
}

/** No live booking, hold or block of the site overlaps [from, to) (the exclusion index's gist on product_id, period). */
function freeOn(from: SQL, to: SQL, now: Date, bind: Bind): SQL {
  return sql`not exists (select 1 from ${bookings} where ${bookings.productId} = ${products.id} and ${bookings.period} && daterange(${from}, ${to}, '[)') and ${liveBookingAt(now, bind)})`;
}

function freeFor(d: DateFilter, bind: Bind): SQL {
  const from = sql`${bind('df', d.from)}::date`;
  const to = sql`${bind('dt', d.to)}::date`;
  const exact = freeOn(from, to, d.now, bind);
  if (!d.flexible) return exact;
  // Free as asked, or on some moved range that starts no earlier than a booking may.
  const { shiftDays, earliest } = d.flexible;
  const moved = freeOn(sql`(${from} + s.shift)`, sql`(${to} + s.shift)`, d.now, bind);
  return sql`(${exact} or exists (select 1 from generate_series(${bind('fs0', -shiftDays)}::int, ${bind('fs1', shiftDays)}::int) as s(shift) where s.shift <> 0 and ${from} + s.shift >= ${bind('fe', earliest)}::date and ${moved}))`;
}

/**
 * Inside a box, written as products_position_gist_idx is declared (migration 0011: point(longitude, latitude)
 * with the same NOT NULL predicate) so the planner can use it.
 */
function inBox(box: [number, number, number, number], name: string, bind: Bind): SQL {
  const [minLng, minLat, maxLng, maxLat] = box.map((v, i) => bind(`${name}${i}`, v));
  return sql`(${products.latitude} is not null and ${products.longitude} is not null and point(${products.longitude}, ${products.latitude}) <@ box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8)))`;
}

function inBounds(box: [number, number, number, number], bind: Bind): SQL {
  const [minLng, minLat, maxLng, maxLat] = box.map((v, i) => bind(`b${i}`, v));
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
function distanceKm(centre: { lat: number; lng: number }, bind: Bind): SQL<number> {
  const lat = bind('nlat', centre.lat);
  const lng = bind('nlng', centre.lng);
  // The radius is a constant of the text, not a parameter (a prepared read takes only placeholders).
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))}::float8 * asin(least(1, sqrt(
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
  const b = new Binds();
  const where = whereOf(filters, 'index', b.bind);
  const [row] = await preparedRead(db, 'product-count', b, () =>
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
  ).execute(b.values);
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
  const b = new Binds();
  const where = whereOf(filters, 'index', b.bind);
  // As an array the taken ids are collected first and then looked up by primary key; as `in (select ...)`
  // the planner hashed them and read every site (80 ms against 20-30 ms at 100,000 sites and 6,000 taken).
  const taken = sql`array(select distinct ${bookings.productId} from ${bookings} where ${bookings.period} && daterange(${b.bind('tf', range.from)}::date, ${b.bind('tt', range.to)}::date, '[)') and ${liveBookingAt(range.now, b.bind)})`;
  const [row] = await preparedRead(db, 'product-taken-count', b, () =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(where, sql`${products.id} = any(${taken})`)),
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

/** Exact search matches first (when a typo widened the search), then id order: stable across pages. */
function orderOf(filters: ProductFilters, bind: Bind): SQL[] {
  const rank = exactMatchRank(filters.words, bind);
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
  const b = new Binds();
  const where = whereOf(filters, access, b.bind);
  const order = orderOf(filters, b.bind);
  const [max, skip] = [b.bind('limit', limit), b.bind('offset', offset)];
  return preparedRead(db, `product-page:${access}`, b, () =>
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
