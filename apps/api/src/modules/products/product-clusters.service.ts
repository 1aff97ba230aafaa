import {
  CLUSTER_CELL_PIXELS,
  type ProductClustersQuery,
  type ProductClustersResponse,
  type SiteAvailability,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import {
  type CellRow,
  type ClusterGrid,
  findCells,
  findClusterSites,
  findTakenDays,
} from './product-clusters.repository.ts';
import type { ProductFilters } from './product-conditions.ts';
import { gridAnswers, gridCells } from './product-grid.service.ts';
import { toFilters } from './products.service.ts';

/** The whole world, when the map asks without a box. */
const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

/**
 * A box larger than this (square degrees, about a state) holds a large share of the sites: reading it in
 * plain bounds beats the GiST index (docs/decisions/031).
 */
const INDEX_BOX_MAX_AREA = 4;

/**
 * The cell grid at a zoom level: CLUSTER_CELL_PIXELS of a 256-pixel Web Mercator tile, in degrees of
 * longitude; in latitude shrunk by the cosine of the box's middle, so cells look square on the map.
 */
export function cellSize(
  zoom: number,
  bbox: [number, number, number, number],
): { cellLng: number; cellLat: number } {
  const cellLng = (360 / (256 * 2 ** zoom)) * CLUSTER_CELL_PIXELS;
  const middle = (((bbox[1] + bbox[3]) / 2) * Math.PI) / 180;
  return { cellLng, cellLat: cellLng * Math.max(0.2, Math.cos(middle)) };
}

function availabilityOf(cell: CellRow): SiteAvailability {
  if (cell.free === cell.count) return 'free';
  return cell.booked === cell.count ? 'booked' : 'partly';
}

/** Where the cells come from: the in-memory grid when it can answer (the default), or always SQL. */
export type CellSource = 'auto' | 'sql';

/** Days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The cells of the query's grid: from the in-memory snapshot unless a search asks for SQL (or `source`
 * does: the tests' reference). With dates only the booked days per site are read from the database.
 */
export async function clusterCells(
  db: Db,
  cache: CatalogueCache,
  filters: ProductFilters,
  grid: ClusterGrid,
  access: 'scan' | 'index',
  source: CellSource = 'auto',
): Promise<CellRow[]> {
  if (source === 'sql' || !gridAnswers(filters)) return findCells(db, filters, grid, access);
  const { range, ...size } = grid;
  const taken = range
    ? findTakenDays(db, range).then((byProduct) => ({ days: daysBetween(range.from, range.to), byProduct }))
    : undefined;
  return gridCells(db, cache, filters, size, taken);
}

/** The query in database terms: its filters (the box defaulting to the world), grid and box access. */
export async function clusterQuery(db: Db, clock: Clock, cache: CatalogueCache, q: ProductClustersQuery) {
  const { available_from: from, available_to: to, ...rest } = q;
  const bbox = q.bbox ?? WORLD;
  const filters = await toFilters(db, clock, cache, { ...rest, bbox });
  const area = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]);
  const range = from && to ? { from, to, now: clock.now() } : undefined;
  const grid: ClusterGrid = { ...cellSize(q.zoom, bbox), range };
  const access: 'scan' | 'index' = area > INDEX_BOX_MAX_AREA || q.near ? 'scan' : 'index';
  return { filters, grid, access };
}

/**
 * GET /product/clusters: every site the filters match in the box, as cells of the zoom's grid with their
 * counts and centres, and the sites alone in their cell as markers, so the counts always add up to every
 * matching site (docs/product-rules.md section 16). Dates colour rather than filter: each count splits into free, partly
 * and booked, and `free` is what the list with the same dates counts.
 */
export async function listClusters(
  db: Db,
  clock: Clock,
  cache: CatalogueCache,
  q: ProductClustersQuery,
): Promise<ProductClustersResponse> {
  const { filters, grid, access } = await clusterQuery(db, clock, cache, q);
  const { range } = grid;
  const cells = await clusterCells(db, cache, filters, grid, access);
  const lone = cells.filter((c) => c.count === 1);
  const availability = new Map(lone.map((c) => [c.firstId, availabilityOf(c)]));
  const sites = await findClusterSites(
    db,
    lone.map((c) => c.firstId),
  );
  return {
    count: cells.reduce((sum, c) => sum + c.count, 0),
    clusters: cells
      .filter((c) => c.count > 1)
      .map((c) => ({
        latitude: c.latitude,
        longitude: c.longitude,
        count: c.count,
        ...(range ? { free: c.free, partly: c.count - c.free - c.booked, booked: c.booked } : {}),
      })),
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      city: s.city,
      category: s.category,
      price: toRupees(s.pricePaise),
      latitude: s.latitude ?? 0,
      longitude: s.longitude ?? 0,
      ...(range ? { availability: availability.get(s.id) } : {}),
    })),
  };
}
