/**
 * The fine coastline's tiles (scripts/map/build-coast.ts; docs/decisions/045-map-clusters-and-coastline.md):
 * OpenStreetMap land at about 20 m, cut into 1° tiles named `<lng>_<lat>` by their south-west corner. Pure:
 * callers load the tiles (the web lazily by zoom, the seed from its bundle).
 */
import type { LandMultiPolygon } from './land.ts';

export interface CoastIndex {
  tile: number;
  box: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  tolerance: number;
  /** Tiles with coast (a file each). */
  tiles: string[];
  /** Tiles that are land throughout (no file). */
  land: string[];
}

/** The tile holding a point. */
export function coastTileName(longitude: number, latitude: number, size = 1): string {
  return `${Math.floor(longitude / size) * size}_${Math.floor(latitude / size) * size}`;
}

/** Even-odd ray casting over every ring, so holes (lakes, creeks) count as water. */
export function pointInMultiPolygon(longitude: number, latitude: number, land: LandMultiPolygon): boolean {
  let inside = false;
  for (const polygon of land.coordinates) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) {
          inside = !inside;
        }
      }
    }
  }
  return inside;
}

/**
 * Whether a point is on land by the fine coastline: land-throughout tiles are land, tiles without a file
 * inside the box are sea, and a coast tile is asked with `tile`.
 */
export function onLand(
  longitude: number,
  latitude: number,
  index: CoastIndex,
  tile: (name: string) => LandMultiPolygon | undefined,
): boolean {
  const name = coastTileName(longitude, latitude, index.tile);
  if (index.land.includes(name)) return true;
  const polygons = tile(name);
  return polygons ? pointInMultiPolygon(longitude, latitude, polygons) : false;
}
