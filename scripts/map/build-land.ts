/**
 * Builds the map's bundled basemap (docs/decisions/031-map-and-basemap.md): the land of Natural Earth 1:50m
 * (npm world-atlas, public domain) around India, clipped to a box, coordinates rounded to 0.02°, as a small
 * GeoJSON MultiPolygon. Land and coastline only: no borders of any kind are drawn.
 * Run: `npx tsx scripts/map/build-land.ts` (writes packages/shared/src/geo/land.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

type Ring = Array<[number, number]>;
const BOX = { minLng: 50, minLat: -10, maxLng: 115, maxLat: 50 };
const STEP = 0.02;

const require = createRequire(path.join(process.cwd(), 'apps/web/package.json'));
const topo = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology;
const land = feature(topo, topo.objects.land as GeometryCollection);

/** Sutherland-Hodgman against one edge of the box. */
function clipEdge(
  ring: Ring,
  inside: (p: [number, number]) => boolean,
  cut: (a: [number, number], b: [number, number]) => [number, number],
): Ring {
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const cur = ring[i];
    const prev = ring[(i + ring.length - 1) % ring.length];
    if (inside(cur)) {
      if (!inside(prev)) out.push(cut(prev, cur));
      out.push(cur);
    } else if (inside(prev)) out.push(cut(prev, cur));
  }
  return out;
}
const atLng =
  (x: number) =>
  (a: [number, number], b: [number, number]): [number, number] => [
    x,
    a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]),
  ];
const atLat =
  (y: number) =>
  (a: [number, number], b: [number, number]): [number, number] => [
    a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]),
    y,
  ];

function clip(ring: Ring): Ring {
  let r = ring.slice(0, -1);
  r = clipEdge(r, (p) => p[0] >= BOX.minLng, atLng(BOX.minLng));
  r = clipEdge(r, (p) => p[0] <= BOX.maxLng, atLng(BOX.maxLng));
  r = clipEdge(r, (p) => p[1] >= BOX.minLat, atLat(BOX.minLat));
  r = clipEdge(r, (p) => p[1] <= BOX.maxLat, atLat(BOX.maxLat));
  const round = (n: number) => Math.round(n / STEP) * STEP;
  const out: Ring = [];
  for (const [x, y] of r) {
    const p: [number, number] = [Number(round(x).toFixed(2)), Number(round(y).toFixed(2))];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out.length >= 4 ? [...out, out[0]] : [];
}

const polygons: Ring[][] = [];
for (const f of land.features) {
  const g = f.geometry;
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  for (const poly of polys) {
    const rings = (poly as Ring[]).map(clip).filter((r) => r.length);
    if (rings.length) polygons.push(rings);
  }
}
const out = path.join(process.cwd(), 'packages/shared/src/geo/land.json');
writeFileSync(out, JSON.stringify({ type: 'MultiPolygon', coordinates: polygons }));
console.log(`${polygons.length} polygons, ${readFileSync(out).length} bytes -> ${out}`);
