import { and, asc, avg, count, eq, inArray, max, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';

/** Buyers and search engines see only live sites (docs/product-rules.md section 8). */
const isListed = () => eq(products.status, 'live');

/** Live sites grouped by the words they are filed under: a city spelling, its state and a category. */
export interface CityFormatFact {
  city: string;
  state: string;
  categoryId: number;
  categoryName: string;
  count: number;
  latitude: number | null;
  longitude: number | null;
  minPricePaise: number;
  maxPricePaise: number;
  updatedAt: Date;
}

/** One grouped scan of the live sites: every city page's counts, prices and dates come from it. */
export async function findCityFormatFacts(db: Db): Promise<CityFormatFact[]> {
  const rows = await db
    .select({
      city: products.city,
      state: products.state,
      categoryId: products.categoryId,
      categoryName: categories.name,
      count: count(),
      latitude: avg(products.latitude),
      longitude: avg(products.longitude),
      minPricePaise: min(products.pricePaise),
      maxPricePaise: max(products.pricePaise),
      updatedAt: max(products.updatedAt),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(isListed())
    .groupBy(products.city, products.state, products.categoryId, categories.name);
  return rows.map((r) => ({
    ...r,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    minPricePaise: Number(r.minPricePaise),
    maxPricePaise: Number(r.maxPricePaise),
    updatedAt: r.updatedAt ?? new Date(0),
  }));
}

/** The first `limit` live sites (by id) filed under these city spellings and, when given, categories. */
export async function findCitySiteIds(
  db: Db,
  cities: string[],
  categoryIds: number[] | null,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        isListed(),
        inArray(products.city, cities),
        categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Every live site's id and last change, in id order, for sitemap.xml. */
export async function findLiveSiteDates(db: Db): Promise<Array<{ id: number; updatedAt: Date }>> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(isListed())
    .orderBy(asc(products.id));
}
