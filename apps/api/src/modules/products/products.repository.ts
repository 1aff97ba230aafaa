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
  return and(...conditions);
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

/** One page in id order (stable across pages). */
export async function findProductPage(
  db: Db,
  filters: ProductFilters,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  return db
    .select(selection)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(whereOf(filters))
    .orderBy(asc(products.id))
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
