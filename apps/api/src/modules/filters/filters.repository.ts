import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';

export interface CatalogueFacets {
  states: string[];
  districts: string[];
  lightings: string[];
  minPricePaise: number | null;
  maxPricePaise: number | null;
  minImpression: number | null;
  maxImpression: number | null;
}

/** The distinct values and ranges of the live catalogue, in one scan of products. */
export async function findFacets(db: Db): Promise<CatalogueFacets> {
  const [row] = await db
    .select({
      states: sql<string[] | null>`array_agg(distinct ${products.state})`,
      districts: sql<string[] | null>`array_agg(distinct ${products.district})`,
      lightings: sql<
        string[] | null
      >`array_agg(distinct ${products.lighting}) filter (where ${products.lighting} is not null)`,
      minPricePaise: sql<number | null>`min(${products.pricePaise})`,
      maxPricePaise: sql<number | null>`max(${products.pricePaise})`,
      minImpression: sql<number | null>`min(${products.impression})`,
      maxImpression: sql<number | null>`max(${products.impression})`,
    })
    .from(products)
    .where(eq(products.status, 'live'));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    states: row?.states ?? [],
    districts: row?.districts ?? [],
    lightings: row?.lightings ?? [],
    minPricePaise: num(row?.minPricePaise),
    maxPricePaise: num(row?.maxPricePaise),
    minImpression: num(row?.minImpression),
    maxImpression: num(row?.maxImpression),
  };
}

/** Categories that have at least one live product: offering an empty one would only lead to no results. */
export async function findCategoriesInUse(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.categoryId, categories.id), eq(products.status, 'live'))),
      ),
    )
    .orderBy(asc(categories.name));
}
