/**
 * The catalogue's filters as SQL conditions, shared by the list, count, ids and map reads: each value goes
 * through a Bind, so one writing serves a one-off query and a prepared read (docs/decisions/052).
 */
import { and, gte, inArray, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { liveBookingAt } from '../../db/booking-occupancy.ts';
import { asOneParam, type Bind, inline } from '../../db/prepared-reads.ts';
import { bookings, categories, products } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

/** One search word and what else it may have been typed as (docs/decisions/044-site-search.md). */
export interface SearchWord {
  /** The word as typed and its other city name. */
  exact: string[];
  /** Catalogue words one typo away; matches through them rank after the exact ones. */
  typo: string[];
  /** Those of its spellings (exact or one typo away) that are a live site's city: its sites rank first. */
  cities: string[];
}

/** Free for [from, to) at `now`; flexible also on the same length moved by up to `shiftDays` either way. */
export interface DateFilter {
  from: string;
  to: string;
  now: Date;
  /** With flexible: the largest shift, and the earliest start a moved range may have. */
  flexible?: { shiftDays: number; earliest: string };
}

/** Filters in database terms: lists already split, prices in paise, bounds already clamped to integers. */
export interface ProductFilters {
  /** Every word must match in some searchable field. */
  words?: SearchWord[];
  category?: { ids: number[]; names: string[] };
  states?: string[];
  districts?: string[];
  lightings?: string[];
  pricePaise?: [number, number];
  impression?: [number, number];
  /** A day's CPM in whole paise per thousand impressions (cpmBoundsPaise): sites without a figure never match. */
  cpmPaise?: [number, number];
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
  if (f.cpmPaise) conditions.push(cpmWithin(f.cpmPaise, bind));
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
 * lo <= daily paise x 1,000 / impressions <= hi, written as the ratio products_live_cpm_idx keeps (paise per
 * impression, exact numeric) against the bounds / 1,000 (exact too: integers over 1,000 in numeric), so
 * the index finds the range. Numeric division keeps at least 16 significant digits, far finer than the
 * 1 / (1,000 x impressions) by which a ratio can miss a bound, so the result equals the map grid's
 * integer comparison (countGridCells). Sites without a figure have a null ratio: never kept.
 */
function cpmWithin([lo, hi]: [number, number], bind: Bind): SQL {
  const ratio = dailyCpmOrder();
  return sql`(${ratio} >= ${bind('cpm0', lo)}::numeric / 1000 and ${ratio} <= ${bind('cpm1', hi)}::numeric / 1000)`;
}

/**
 * A day's CPM as the list orders by it: the daily price over the daily impressions, exactly (numeric), null
 * without a figure. Written as products_live_cpm_idx and its descending twin are declared (migration 0034), so the planner can walk it.
 */
export const dailyCpmOrder = () => sql`(${products.pricePaise}::numeric / nullif(${products.impression}, 0))`;

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

/** A site whose city is one a search word names ("bombay", "mumabi": Mumbai) ranks before the others. */
export function cityMatchRank(words: SearchWord[] | undefined, bind: Bind = inline): SQL | undefined {
  const cities = [...new Set((words ?? []).flatMap((w) => w.cities))];
  if (cities.length === 0) return undefined;
  const list = asOneParam(bind('cities', cities));
  return sql`(case when lower(${products.city}) = any(${list}::text[]) then 0 else 1 end)`;
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

/**
 * Free for my dates (DESIGN section 20, issue 48): free on every day of [from, to) and at least the site's
 * minimum booking long, so every site listed can be booked for exactly the range asked. Flexible also keeps
 * a site free on the nearest range of its own length (the asked length, or its minimum when that is longer)
 * starting up to shiftDays either way; a moved start is never before the earliest start.
 */
function freeFor(d: DateFilter, bind: Bind): SQL {
  const from = sql`${bind('df', d.from)}::date`;
  const to = sql`${bind('dt', d.to)}::date`;
  const exact = sql`((${to} - ${from}) >= ${products.minDays} and ${freeOn(from, to, d.now, bind)})`;
  if (!d.flexible) return exact;
  const { shiftDays, earliest } = d.flexible;
  const start = sql`(${from} + s.shift)`;
  const moved = freeOn(start, sql`(${start} + greatest(${to} - ${from}, ${products.minDays}))`, d.now, bind);
  return sql`(${exact} or exists (select 1 from generate_series(${bind('fs0', -shiftDays)}::int, ${bind('fs1', shiftDays)}::int) as s(shift) where (s.shift = 0 or ${start} >= ${bind('fe', earliest)}::date) and ${moved}))`;
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

/** PostgreSQL's radians() multiplies by one constant (RADIANS_PER_DEGREE, this double), not by pi then / 180. */
const RADIANS_PER_DEGREE = 0.017453292519943295;

/**
 * The haversine of distanceKm below in JavaScript, operation for operation and with its constants (the
 * clusters grid judges a site on a circle's edge as the SQL does; issue 43: it had sin(d)/2 for sin(d/2)).
 */
export function haversineKm(lat: number, lng: number, centreLat: number, centreLng: number): number {
  const a = Math.sin(((lat - centreLat) * RADIANS_PER_DEGREE) / 2);
  const b = Math.sin(((lng - centreLng) * RADIANS_PER_DEGREE) / 2);
  const h = a * a + Math.cos(centreLat * RADIANS_PER_DEGREE) * Math.cos(lat * RADIANS_PER_DEGREE) * (b * b);
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in km from the centre (haversine; haversineKm above is the same in JavaScript). */
export function distanceKm(centre: { lat: number; lng: number }, bind: Bind): SQL<number> {
  const lat = bind('nlat', centre.lat);
  const lng = bind('nlng', centre.lng);
  // The radius is a constant of the text, not a parameter (a prepared read takes only placeholders).
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))}::float8 * asin(least(1, sqrt(
    power(sin(radians(${products.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${products.latitude}))
      * power(sin(radians(${products.longitude} - ${lng}::float8) / 2), 2)))))`;
}
