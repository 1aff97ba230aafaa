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
import { type CellRow, findCells, findClusterSites } from './product-clusters.repository.ts';
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
  const { available_from: from, available_to: to, ...rest } = q;
  const bbox = q.bbox ?? WORLD;
  const filters = await toFilters(db, clock, cache, { ...rest, bbox });
  const area = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]);
  const range = from && to ? { from, to, now: clock.now() } : undefined;
  const cells = await findCells(
    db,
    filters,
    { ...cellSize(q.zoom, bbox), range },
    area > INDEX_BOX_MAX_AREA || q.near ? 'scan' : 'index',
  );
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
