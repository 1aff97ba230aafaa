import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CoastIndex } from '@ooh/shared/coast';
import { onLand } from '@ooh/shared/coast';
import type { LandMultiPolygon } from '@ooh/shared/land';

/**
 * The fine coastline (packages/shared/geo-data/coast, scripts/map/build-coast.ts) read from disk for the
 * demo seed: a generated site must stand on land, not in the sea the coarse basemap hid (decision 045).
 * Resolved through the package, so the compiled server finds it as the sources do.
 */
const dir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@ooh/shared/package.json')),
  'geo-data/coast',
);
let index: CoastIndex | undefined;
const tiles = new Map<string, LandMultiPolygon | undefined>();

function tile(name: string): LandMultiPolygon | undefined {
  if (!tiles.has(name)) {
    const known = (index as CoastIndex).tiles.includes(name);
    tiles.set(
      name,
      known
        ? (JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as LandMultiPolygon)
        : undefined,
    );
  }
  return tiles.get(name);
}

/** True when the point is on land by the 20 m OpenStreetMap coastline. */
export function isOnLand(longitude: number, latitude: number): boolean {
  index ??= JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as CoastIndex;
  const { box } = index;
  // Outside the built box nothing is known: count it as land rather than move a site for no reason.
  if (longitude < box.minLng || longitude >= box.maxLng || latitude < box.minLat || latitude >= box.maxLat) {
    return true;
  }
  return onLand(longitude, latitude, index, tile);
}
