import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import type { CellRow } from './product-clusters.repository.ts';
import { boxAround, haversineKm, type ProductFilters } from './product-conditions.ts';
import { findCategoryIds, findGridSites, type GridSiteColumns } from './product-grid.repository.ts';

/**
 * The map's clusters counted in memory (docs/decisions/050-clusters-in-memory-grid.md): a snapshot of
 * every live site with a position, kept per products generation (CatalogueCache.productFact: dropped when
 * the products or categories tables change, a failed load not remembered), and every filter of the
 * clusters call evaluated on it exactly as products.repository.ts whereOf does in SQL. The SQL path
 * (findCells) stays for searches and as the reference the tests compare with.
 */

/** The snapshot's productFact key (exported for the test of its rebuild). */
export const GRID_KEY = 'product-grid';

/** Caches whose process has served a map: only they rebuild the snapshot after a change. */
const asked = new WeakSet<CatalogueCache>();

/** The snapshot of the current products generation, loaded once by whichever request asks first. */
export function productGrid(db: Db, cache: CatalogueCache): Promise<GridSiteColumns> {
  asked.add(cache);
  return cache.productFact(GRID_KEY, () => findGridSites(db));
}

/**
 * A burst of changes (a bulk import, an owner's many edits) notifies once per commit: the rebuild waits for
 * a quiet moment and loads once.
 */
const WARM_DELAY_MS = 250;

/**
 * After a change of products or categories, loads the new generation's snapshot ahead of the next map call
 * (about 0.3-1 s at 100,000 sites), in a process that has served a map before. Returns the way to stop.
 */
export function warmGridOnChange(db: Db, cache: CatalogueCache, onError: (err: unknown) => void): () => void {
  if (!cache.enabled) return () => {};
  let timer: NodeJS.Timeout | undefined;
  const stop = cache.onProductsChange(() => {
    if (!asked.has(cache)) return;
    clearTimeout(timer);
    timer = setTimeout(() => productGrid(db, cache).catch(onError), WARM_DELAY_MS);
    timer.unref();
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}

/**
 * Search words are matched by ILIKE on the trigram indexes and the free-for-dates filter by the bookings:
 * neither is repeated here, so such calls keep to SQL. Every other filter is exact in memory.
 */
export function gridAnswers(filters: ProductFilters): boolean {
  return !filters.words?.length && !filters.dates;
}

/** With dates: the range's length in days and each site's booked days in it (findTakenDays). */
export interface TakenDays {
  days: number;
  byProduct: Map<number, number>;
}

/** The codes of the dictionary's values the filter names; a value no site has simply matches nothing. */
function codesOf(values: string[] | undefined, dictionary: string[]): Set<number> | undefined {
  if (!values) return undefined;
  const wanted = new Set(values);
  const codes = new Set<number>();
  dictionary.forEach((value, code) => {
    if (wanted.has(value)) codes.add(code);
  });
  return codes;
}

type Box = [number, number, number, number];
const inBox = (b: Box, lng: number, lat: number) => lng >= b[0] && lng <= b[2] && lat >= b[1] && lat <= b[3];

/** Cell keys: cx and cy stay within +-2^25 at zoom 22 (cells of 2e-5 degrees), so the key is an exact integer. */
const KEY_OFFSET = 2 ** 25;
const KEY_SCALE = 2 ** 26;

/**
 * The cells of findCells from the snapshot: the same filters, cx = floor(lng / cellLng), cy = floor(lat /
 * cellLat), count, mean position (summed in id order: PostgreSQL sums in its scan order, so the last bit
 * of a mean may differ), smallest id, and with `taken` the free (no booked day, minimum booking within the range) and booked (every day)
 * counts. `categoryIds` are the categories the category filter names (findCategoryIds).
 */
export function countGridCells(
  grid: GridSiteColumns,
  filters: ProductFilters,
  categoryIds: number[] | undefined,
  size: { cellLng: number; cellLat: number },
  taken?: TakenDays,
): CellRow[] {
  const { cellLng, cellLat } = size;
  const categories = filters.category ? new Set(categoryIds) : undefined;
  const states = codesOf(filters.states, grid.states);
  const districts = codesOf(filters.districts, grid.districts);
  const lightings = codesOf(filters.lightings, grid.lightings);
  const ids = filters.ids ? new Set(filters.ids) : undefined;
  const { bbox, pricePaise: price, impression, cpmPaise: cpm, near } = filters;
  const nearBox = near ? boxAround(near) : undefined;
  const cells: CellRow[] = [];
  const cellOf = new Map<number, CellRow>();
  for (let i = 0; i < grid.ids.length; i++) {
    const lat = grid.latitudes[i];
    const lng = grid.longitudes[i];
    if (bbox && !inBox(bbox, lng, lat)) continue;
    if (categories && !categories.has(grid.categoryIds[i])) continue;
    if (states && !states.has(grid.stateCodes[i])) continue;
    if (districts && !districts.has(grid.districtCodes[i])) continue;
    if (lightings && !lightings.has(grid.lightingCodes[i])) continue;
    if (price && !(grid.pricePaise[i] >= price[0] && grid.pricePaise[i] <= price[1])) continue;
    if (impression && !(grid.impressions[i] >= impression[0] && grid.impressions[i] <= impression[1]))
      continue;
    // As the SQL's cpmWithin: integers without a division (exact below 2^53: impressions x paise per thousand).
    if (cpm) {
      const views = grid.impressions[i];
      const cost = grid.pricePaise[i] * 1000;
      if (!(views > 0 && cost >= cpm[0] * views && cost <= cpm[1] * views)) continue;
    }
    const id = grid.ids[i];
    if (ids && !ids.has(id)) continue;
    if (near && nearBox) {
      if (!inBox(nearBox, lng, lat) || !(haversineKm(lat, lng, near.lat, near.lng) <= near.radiusKm))
        continue;
    }
    const cx = Math.floor(lng / cellLng);
    const cy = Math.floor(lat / cellLat);
    const key = (cx + KEY_OFFSET) * KEY_SCALE + (cy + KEY_OFFSET);
    let cell = cellOf.get(key);
    if (!cell) {
      // Sites come in id order: the first one of a cell is its smallest id.
      cell = { cx, cy, count: 0, latitude: 0, longitude: 0, firstId: id, free: 0, booked: 0 };
      cellOf.set(key, cell);
      cells.push(cell);
    }
    cell.count += 1;
    cell.latitude += lat;
    cell.longitude += lng;
    if (taken) {
      const days = taken.byProduct.get(id);
      // Free as the list says: no booked day, and the range at least the site's minimum booking.
      if (days === undefined) {
        if (grid.minDays[i] <= taken.days) cell.free += 1;
      } else if (days >= taken.days) cell.booked += 1;
    }
  }
  for (const cell of cells) {
    cell.latitude /= cell.count;
    cell.longitude /= cell.count;
  }
  return cells;
}

/** The snapshot's cells for these filters; the category filter's ids are kept per generation too. */
export async function gridCells(
  db: Db,
  cache: CatalogueCache,
  filters: ProductFilters,
  size: { cellLng: number; cellLat: number },
  taken?: Promise<TakenDays>,
): Promise<CellRow[]> {
  const { category } = filters;
  const [grid, categoryIds, takenDays] = await Promise.all([
    productGrid(db, cache),
    category
      ? cache.productFact(`grid-category-ids:${JSON.stringify(category)}`, () =>
          findCategoryIds(db, category),
        )
      : undefined,
    taken,
  ]);
  return countGridCells(grid, filters, categoryIds, size, takenDays);
}

/** Bytes the snapshot's columns take (the decision record's memory figure). */
export function gridBytes(grid: GridSiteColumns): number {
  return Object.values(grid).reduce(
    (sum: number, column) => sum + (ArrayBuffer.isView(column) ? column.byteLength : 0),
    0,
  );
}
