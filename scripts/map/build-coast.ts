/**
 * Builds the map's fine coastline (docs/decisions/045-map-clusters-and-coastline.md): OpenStreetMap land
 * polygons at 10 m (npm @geo-maps/earth-lands-10m, ODbL, 135 MB; not a dependency of the repository),
 * clipped to India's box at build time, simplified to about 20 m (Douglas-Peucker, 0.0002°) and cut into
 * 1° tiles, so the map loads only the tiles in view once zoomed in. Land only: no borders of any kind.
 *
 * Run: npm install --no-save @geo-maps/earth-lands-10m
 *      node --max-old-space-size=6144 --import tsx scripts/map/build-coast.ts [path/to/map.geo.json]
 * Writes packages/shared/geo-data/coast/<lng>_<lat>.json (each a MultiPolygon) and index.json (the tiles
 * written, and the tiles that are land throughout).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Point = [number, number];
type Ring = Point[];

/** India's mainland and islands (Lakshadweep, Andaman and Nicobar) with a margin. */
const BOX = { minLng: 68, minLat: 6, maxLng: 98, maxLat: 37 };
/** About 20 m at India's latitudes. */
const TOLERANCE = 0.0002;
const TILE = 1;
// Outside src/: 3 MB of coordinates the type checker need not read; loaded by path, not through the index.
const OUT = path.join(process.cwd(), 'packages/shared/geo-data/coast');

const source =
  process.argv[2] ??
  createRequire(path.join(process.cwd(), 'package.json')).resolve('@geo-maps/earth-lands-10m/map.geo.json');
const world = JSON.parse(readFileSync(source, 'utf8')) as {
  features?: Array<{ geometry: { type: string; coordinates: unknown } }>;
  type: string;
  geometries?: Array<{ type: string; coordinates: unknown }>;
  coordinates?: unknown;
};

function polygonsOf(g: { type: string; coordinates?: unknown }): Ring[][] {
  if (g.type === 'Polygon') return [g.coordinates as Ring[]];
  if (g.type === 'MultiPolygon') return g.coordinates as Ring[][];
  return [];
}
const geometries = world.features?.map((f) => f.geometry) ??
  world.geometries ?? [world as { type: string; coordinates: unknown }];

interface Box {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}
function boxOf(ring: Ring): Box {
  const b = { minLng: Infinity, minLat: Infinity, maxLng: -Infinity, maxLat: -Infinity };
  for (const [x, y] of ring) {
    if (x < b.minLng) b.minLng = x;
    if (x > b.maxLng) b.maxLng = x;
    if (y < b.minLat) b.minLat = y;
    if (y > b.maxLat) b.maxLat = y;
  }
  return b;
}
const overlaps = (a: Box, b: Box) =>
  a.minLng <= b.maxLng && a.maxLng >= b.minLng && a.minLat <= b.maxLat && a.maxLat >= b.minLat;

/** Sutherland-Hodgman against the four edges of a box (exact for the fill; edges run along the box). */
function clipToBox(ring: Ring, b: Box): Ring {
  const edge = (r: Ring, inside: (p: Point) => boolean, cut: (p: Point, q: Point) => Point): Ring => {
    const out: Ring = [];
    for (let i = 0; i < r.length; i++) {
      const cur = r[i];
      const prev = r[(i + r.length - 1) % r.length];
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    return out;
  };
  const atLng =
    (x: number) =>
    (p: Point, q: Point): Point => [x, p[1] + ((q[1] - p[1]) * (x - p[0])) / (q[0] - p[0])];
  const atLat =
    (y: number) =>
    (p: Point, q: Point): Point => [p[0] + ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]), y];
  let r = ring.slice(0, -1);
  r = edge(r, (p) => p[0] >= b.minLng, atLng(b.minLng));
  r = edge(r, (p) => p[0] <= b.maxLng, atLng(b.maxLng));
  r = edge(r, (p) => p[1] >= b.minLat, atLat(b.minLat));
  r = edge(r, (p) => p[1] <= b.maxLat, atLat(b.maxLat));
  return r.length >= 3 ? [...r, r[0]] : [];
}

/** Douglas-Peucker, iterative (rings of a million points would overflow the stack). */
function simplify(ring: Ring, tolerance: number): Ring {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, ring.length - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop() as [number, number];
    const [ax, ay] = ring[first];
    const [bx, by] = ring[last];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = ring[i];
      let d2: number;
      if (len2 === 0) d2 = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        d2 = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      }
      if (d2 > worst) {
        worst = d2;
        index = i;
      }
    }
    if (worst > t2 && index > 0) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  const out = ring.filter((_, i) => keep[i] === 1);
  return out.length >= 4 ? out : [];
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;
const tidy = (ring: Ring): Ring => ring.map(([x, y]) => [round(x), round(y)] as Point);

// 1. Every polygon touching the box, clipped to it and simplified.
const kept: Array<{ rings: Ring[]; box: Box }> = [];
for (const g of geometries) {
  for (const poly of polygonsOf(g)) {
    if (!poly.length || !overlaps(boxOf(poly[0]), BOX)) continue;
    const rings = poly.map((r) => simplify(clipToBox(r, BOX), TOLERANCE)).filter((r) => r.length >= 4);
    if (rings.length && rings[0].length) kept.push({ rings, box: boxOf(rings[0]) });
  }
}
console.log(`${kept.length} polygons in the box`);

// 2. Tiles: each polygon cut to each tile it touches. A tile whose clipped land is the whole tile is land.
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const tiles: string[] = [];
const landTiles: string[] = [];
let bytes = 0;
for (let lng = BOX.minLng; lng < BOX.maxLng; lng += TILE) {
  for (let lat = BOX.minLat; lat < BOX.maxLat; lat += TILE) {
    const tile = { minLng: lng, minLat: lat, maxLng: lng + TILE, maxLat: lat + TILE };
    const polygons: Ring[][] = [];
    let area = 0;
    for (const p of kept) {
      if (!overlaps(p.box, tile)) continue;
      const rings = p.rings.map((r) => clipToBox(r, tile)).filter((r) => r.length >= 4);
      if (!rings.length || rings[0].length < 4) continue;
      polygons.push(rings.map(tidy));
      rings.forEach((r, i) => {
        area += (i === 0 ? 1 : -1) * Math.abs(ringArea(r));
      });
    }
    if (!polygons.length) continue;
    const name = `${lng}_${lat}`;
    if (area >= TILE * TILE * 0.999999) {
      landTiles.push(name);
      continue;
    }
    const text = JSON.stringify({ type: 'MultiPolygon', coordinates: polygons });
    writeFileSync(path.join(OUT, `${name}.json`), text);
    tiles.push(name);
    bytes += text.length;
  }
}
function ringArea(r: Ring): number {
  let a = 0;
  for (let i = 0; i < r.length - 1; i++) a += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return a / 2;
}
writeFileSync(
  path.join(OUT, 'index.json'),
  JSON.stringify({ tile: TILE, box: BOX, tolerance: TOLERANCE, tiles, land: landTiles }),
);
console.log(
  `${tiles.length} coast tiles (${(bytes / 1e6).toFixed(1)} MB), ${landTiles.length} land tiles -> ${OUT} (${readdirSync(OUT).length} files)`,
);
