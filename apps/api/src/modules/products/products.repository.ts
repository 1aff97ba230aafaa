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

function whereOf(f: ProductFilters): SQL | undefined {
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
  if (f.bbox) conditions.push(inBox(f.bbox));
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

/** One page in id order (stable across pages); with `near`, nearest first (then id) with the distance. */
export async function findProductPage(
  db: Db,
  filters: ProductFilters,
  limit: number,
  offset: number,
): Promise<Array<ProductRow & { distanceKm?: number }>> {
  const query = db
    .select(selection)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id));
  if (filters.near) {
    const distance = distanceKm(filters.near);
    return db
      .select({ ...selection, distanceKm: sql<number>`${distance}`.mapWith(Number) })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(whereOf(filters))
      .orderBy(distance, asc(products.id))
      .limit(limit)
      .offset(offset);
  }
  return query.where(whereOf(filters)).orderBy(asc(products.id)).limit(limit).offset(offset);
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
