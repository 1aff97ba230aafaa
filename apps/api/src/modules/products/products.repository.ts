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
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { containsPattern } from './query-helpers.ts';

export type ProductRow = typeof products.$inferSelect & { categoryName: string };

/** Filters in database terms: lists already split, prices in paise, bounds already clamped to integers. */
export interface ProductFilters {
  search?: string;
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
}

/** Buyers see only live sites (DESIGN.md section 8); products_status_idx serves it. */
export const isListed = () => eq(products.status, 'live');

/**
 * How a box is read: through products_position_gist_idx ('index'), or as plain bounds ('scan') that leave
 * the planner walking products_status_idx in id order, which finds a page at once when the box holds a
 * large share of the sites (a city at 100,000 sites: 0.2 ms against 70 ms through the index, whose row
 * estimate is a fixed guess). The service chooses from the count.
 */
export type BoxAccess = 'index' | 'scan';

function whereOf(f: ProductFilters, access: BoxAccess = 'index'): SQL | undefined {
  const conditions: SQL[] = [isListed()];
  if (f.search) {
    const pattern = containsPattern(f.search);
    const like = (column: SQLWrapper) => sql`${column} ilike ${pattern} escape '\\'`;
    conditions.push(
      or(
        like(products.name),
        like(products.address),
        like(products.city),
        like(products.district),
        like(products.productCode),
      ) as SQL,
    );
  }
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
  return and(...conditions);
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
const EARTH_RADIUS_KM = 6371.0088;

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

const selection = { ...getTableColumns(products), categoryName: categories.name };

/** How many products match. */
export async function countProducts(db: Db, filters: ProductFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(whereOf(filters));
  return Number(row?.count ?? 0);
}

/** The ids of every matching product in id order, at most `limit`. */
export async function findProductIds(db: Db, filters: ProductFilters, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(whereOf(filters))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
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
    .orderBy(asc(products.id))
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
