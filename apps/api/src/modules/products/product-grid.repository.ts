import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import type { ProductFilters } from './product-conditions.ts';

/**
 * Every live site with a position, as parallel columns in id order: the in-memory grid's snapshot
 * (docs/decisions/050-clusters-in-memory-grid.md). Text columns come as indexes into their own list of
 * distinct values, so 100,000 sites hold a few dozen strings rather than 300,000.
 */
export interface GridSiteColumns {
  ids: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  categoryIds: Int32Array;
  /** Index into `states`; likewise `districts` and `lightings` (-1: no lighting). */
  stateCodes: Int32Array;
  states: string[];
  districtCodes: Int32Array;
  districts: string[];
  lightingCodes: Int32Array;
  lightings: string[];
  /** A bigint column: a double holds every paise value below 2^53 exactly. */
  pricePaise: Float64Array;
  /** NaN where the site has none: NaN fails every range comparison, as NULL does in SQL. */
  impressions: Float64Array;
  /** The minimum booking in days: a range shorter than it is not free for the site (issue 48). */
  minDays: Int32Array;
}

/** One query, the same conditions as the clusters query without filters: live, with a position. */
export async function findGridSites(db: Db): Promise<GridSiteColumns> {
  const result = (await db.execute(sql`
    select ${products.id} as id, ${products.latitude} as lat, ${products.longitude} as lng,
      ${products.categoryId} as cat, ${products.state} as state, ${products.district} as district,
      ${products.lighting} as lighting, ${products.pricePaise} as price, ${products.impression} as impression,
      ${products.minDays} as min_days
    from ${products}
    where ${products.status} = 'live' and ${products.latitude} is not null and ${products.longitude} is not null
    order by ${products.id}`)) as unknown as {
    rows: Array<{
      id: number;
      lat: number;
      lng: number;
      cat: number;
      state: string;
      district: string;
      lighting: string | null;
      price: number | string;
      impression: number | null;
      min_days: number;
    }>;
  };
  const n = result.rows.length;
  const states = new Dictionary();
  const districts = new Dictionary();
  const lightings = new Dictionary();
  const columns = {
    ids: new Int32Array(n),
    latitudes: new Float64Array(n),
    longitudes: new Float64Array(n),
    categoryIds: new Int32Array(n),
    stateCodes: new Int32Array(n),
    districtCodes: new Int32Array(n),
    lightingCodes: new Int32Array(n),
    pricePaise: new Float64Array(n),
    impressions: new Float64Array(n),
    minDays: new Int32Array(n),
  };
  result.rows.forEach((r, i) => {
    columns.ids[i] = Number(r.id);
    columns.latitudes[i] = Number(r.lat);
    columns.longitudes[i] = Number(r.lng);
    columns.categoryIds[i] = Number(r.cat);
    columns.stateCodes[i] = states.code(r.state);
    columns.districtCodes[i] = districts.code(r.district);
    columns.lightingCodes[i] = r.lighting === null ? -1 : lightings.code(r.lighting);
    columns.pricePaise[i] = Number(r.price);
    columns.impressions[i] = r.impression === null ? Number.NaN : Number(r.impression);
    columns.minDays[i] = Number(r.min_days);
  });
  return { ...columns, states: states.values, districts: districts.values, lightings: lightings.values };
}

class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.push(value) - 1;
      this.codes.set(value, code);
    }
    return code;
  }
}

/**
 * The categories a category filter names (id, name in any case, or slug), decided by the same SQL as the
 * list's filter (products.repository.ts whereOf), so `lower()` and the slug compare exactly as there.
 */
export async function findCategoryIds(
  db: Db,
  category: NonNullable<ProductFilters['category']>,
): Promise<number[]> {
  const { ids, names } = category;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      or(
        inArray(categories.id, ids),
        inArray(sql`lower(${categories.name})`, names),
        inArray(categories.slug, names),
      ),
    );
  return rows.map((r) => r.id);
}
