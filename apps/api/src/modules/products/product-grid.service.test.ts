import { productClustersQueryCheckedSchema } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBooking, insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { products } from '../../db/schema.ts';
import type { CellRow } from './product-clusters.repository.ts';
import { clusterCells, clusterQuery } from './product-clusters.service.ts';
import { EARTH_RADIUS_KM } from './product-conditions.ts';
import type { GridSiteColumns } from './product-grid.repository.ts';
import { GRID_KEY, gridAnswers } from './product-grid.service.ts';
import { fetchClusters } from './products.test-fixtures.ts';

/**
 * The in-memory grid (docs/decisions/050-clusters-in-memory-grid.md) against the SQL grouping it replaces,
 * on one database: the same cells at every zoom and filter, and a changed site on the next call.
 */
describe('clusters from the in-memory grid', () => {
  let ctx: TestContext;
  let ids: number[];
  let hoarding: number;
  /** A site just inside and one just outside EDGE_RADIUS_KM of EDGE_CENTRE, far from every other site. */
  const edge: number[] = [];
  const EDGE_CENTRE = { lat: 23, lng: 85 };
  const EDGE_RADIUS_KM = 500;
  /** The point `km` from `from` on a sphere of the mean Earth radius, at `bearing` degrees from north. */
  const destination = (from: { lat: number; lng: number }, km: number, bearing: number) => {
    const rad = Math.PI / 180;
    const [d, t, p1] = [km / EARTH_RADIUS_KM, bearing * rad, from.lat * rad];
    const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(t));
    const dl = Math.atan2(
      Math.sin(t) * Math.sin(d) * Math.cos(p1),
      Math.cos(d) - Math.sin(p1) * Math.sin(p2),
    );
    return [p2 / rad, from.lng + dl / rad];
  };

  /** A small deterministic generator, so a failure reproduces. */
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const cat = await insertCategories(db);
    hoarding = cat.Hoarding;
    ids = [];
    const places = [
      { state: 'Maharashtra', district: 'Mumbai', lat: 19.0, lng: 72.85, spread: 0.3 },
      { state: 'Maharashtra', district: 'Pune', lat: 18.52, lng: 73.85, spread: 0.4 },
      { state: 'Delhi', district: 'New Delhi', lat: 28.6, lng: 77.2, spread: 0.5 },
      { state: 'Goa', district: 'North Goa', lat: 15.5, lng: 73.8, spread: 2 },
      { state: 'Karnataka', district: 'Bengaluru', lat: 12.97, lng: 77.59, spread: 6 },
    ];
    for (let i = 0; i < 160; i++) {
      const place = pick(places);
      const row = await insertProduct(db, {
        latitude: place.lat + (random() - 0.5) * place.spread,
        longitude: place.lng + (random() - 0.5) * place.spread,
        state: place.state,
        district: place.district,
        categoryId: pick(Object.values(cat)),
        lighting: pick(['Lighting', 'Non-Lighting', null]),
        pricePaise: 50_000 + Math.floor(random() * 40) * 10_000,
        impression: random() < 0.2 ? null : Math.floor(random() * 100_000),
        status: random() < 0.1 ? 'paused' : 'live',
      });
      ids.push(row.id);
    }
    // On a box's edge and on cell lines (multiples of every zoom's cell width), where a rounding slip shows.
    for (const [latitude, longitude] of [
      [19, 72],
      [18, 73],
      [19, 73.125],
      [18.5, 72.5625],
    ]) {
      ids.push((await insertProduct(db, { latitude, longitude })).id);
    }
    await insertProduct(db, { latitude: null, longitude: null });
    // North-east of EDGE_CENTRE, 200 m inside and 200 m outside a 500 km circle (on a meridian the box
    // around the circle already decides): the old grid's sin(d)/2 put the outer one 386 m nearer, inside.
    for (const km of [EDGE_RADIUS_KM - 0.2, EDGE_RADIUS_KM + 0.2]) {
      const [latitude, longitude] = destination(EDGE_CENTRE, km, 45);
      edge.push((await insertProduct(db, { latitude, longitude })).id);
    }
    for (const id of ids.slice(0, 40)) {
      const start = 1 + Math.floor(random() * 20);
      const length = 1 + Math.floor(random() * 10);
      const day = (d: number) => `2026-12-${String(d).padStart(2, '0')}`;
      await insertBooking(
        db,
        id,
        day(start),
        day(start + length),
        pick(['confirmed', 'blocked', 'cancelled']),
      );
    }
    // Booked on every day of [12-03, 12-07) only by two bookings together: the days are summed per site.
    for (const id of ids.slice(40, 50)) {
      await insertBooking(db, id, '2026-12-02', '2026-12-05');
      await insertBooking(db, id, '2026-12-05', '2026-12-08', 'blocked');
    }
  });
  afterAll(() => ctx.close());

  const cellsBy = async (query: string, source: 'auto' | 'sql'): Promise<CellRow[]> => {
    const q = productClustersQueryCheckedSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const { filters, grid, access } = await clusterQuery(
      ctx.database.db,
      ctx.clock,
      ctx.app.catalogueCache,
      q,
    );
    if (source === 'auto') expect(gridAnswers(filters), query).toBe(true);
    const cells = await clusterCells(ctx.database.db, ctx.app.catalogueCache, filters, grid, access, source);
    return cells.sort((a, b) => a.cx - b.cx || a.cy - b.cy);
  };

  it('gives the SQL grouping cell for cell at every zoom and filter', async () => {
    const filters = [
      '',
      'category=hoarding',
      'category=Lamp Post,digital-billboard',
      `category=${hoarding}`,
      'state=Goa,Delhi',
      'district=Pune&lighting=Lighting',
      'lighting=Non-Lighting',
      'price=900,2500',
      'impression=20000,70000',
      'cpm=10,40',
      'cpm=0,25.5&state=Goa,Delhi',
      `ids=${ids.slice(0, 60).join(',')}`,
      'near=19.0,72.85&radius_km=25',
      'near=13,77.6&radius_km=300&category=bridge',
      'available_from=2026-12-05&available_to=2026-12-12',
      'available_from=2026-12-01&available_to=2026-12-31&state=Maharashtra',
      'available_from=2026-12-03&available_to=2026-12-07',
    ];
    const boxes = ['bbox=68,6,98,37', 'bbox=72,18,73,19', 'bbox=72.7,18.8,73.1,19.2', ''];
    let compared = 0;
    for (const box of boxes) {
      for (const zoom of [0, 3, 5, 8, 11, 16]) {
        for (const filter of filters) {
          const query = [box, `zoom=${zoom}`, filter].filter(Boolean).join('&');
          const [memory, reference] = await Promise.all([cellsBy(query, 'auto'), cellsBy(query, 'sql')]);
          expect(memory.length, query).toBe(reference.length);
          const exact = ({ latitude, longitude, ...rest }: CellRow) => rest;
          expect(memory.map(exact), query).toEqual(reference.map(exact));
          memory.forEach((cell, i) => {
            // Means are summed in another order than PostgreSQL's scan: equal but for the last bits.
            expect(cell.latitude, query).toBeCloseTo(reference[i].latitude, 9);
            expect(cell.longitude, query).toBeCloseTo(reference[i].longitude, 9);
          });
          compared += reference.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("judges a site at a circle's edge as SQL does: one haversine", async () => {
    const [inside, outside] = edge;
    const near = `near=${EDGE_CENTRE.lat},${EDGE_CENTRE.lng}&radius_km=${EDGE_RADIUS_KM}`;
    const query = `${near}&zoom=16`;
    const [memory, reference] = await Promise.all([cellsBy(query, 'auto'), cellsBy(query, 'sql')]);
    expect(memory).toEqual(reference);
    const clusters = await fetchClusters(ctx, query);
    const shown = clusters.sites.map((s) => s.id);
    expect(shown).toContain(inside);
    expect(shown).not.toContain(outside);
    // The list's near filter (SQL) agrees.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/ids?${near}`,
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
    });
    expect(list.json().ids).toContain(inside);
    expect(list.json().ids).not.toContain(outside);
  });

  it('answers a search from SQL', async () => {
    const q = productClustersQueryCheckedSchema.parse({ zoom: '5', search: 'mumbai' });
    const { filters } = await clusterQuery(ctx.database.db, ctx.clock, ctx.app.catalogueCache, q);
    expect(gridAnswers(filters)).toBe(false);
  });

  it('shows a site made live, taken down or moved on the next call', async () => {
    const db = ctx.database.db;
    const clusters = (query: string) => fetchClusters(ctx, query);
    const india = 'bbox=68,6,98,37&zoom=5';
    const before = (await clusters(india)).count;
    const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

    const added = await insertProduct(db, { latitude: 11.6, longitude: 92.7, status: 'paused' });
    await db.update(products).set({ status: 'live' }).where(eq(products.id, added.id));
    await waitFor(async () => expect((await clusters(india)).count).toBe(before + 1));
    // Alone in the Andaman Sea at zoom 5: a marker where the site is.
    const lone = (await clusters(india)).sites.find((s) => s.id === added.id);
    expect(lone).toMatchObject({ latitude: 11.6, longitude: 92.7 });

    await db.update(products).set({ latitude: 7, longitude: 93.5 }).where(eq(products.id, added.id));
    await waitFor(async () => {
      const moved = (await clusters(india)).sites.find((s) => s.id === added.id);
      expect(moved).toMatchObject({ latitude: 7, longitude: 93.5 });
    });

    await db.update(products).set({ status: 'taken_down' }).where(eq(products.id, added.id));
    await waitFor(async () => expect((await clusters(india)).count).toBe(before));
    expect((await clusters(india)).sites.some((s) => s.id === added.id)).toBe(false);
  });

  it('rebuilds the snapshot after a change without waiting for a map call', async () => {
    const cache = ctx.app.catalogueCache;
    const q = productClustersQueryCheckedSchema.parse({ zoom: '5' });
    const { filters, grid, access } = await clusterQuery(ctx.database.db, ctx.clock, cache, q);
    await clusterCells(ctx.database.db, cache, filters, grid, access);
    const generation = cache.productsGeneration;
    const added = await insertProduct(ctx.database.db, { latitude: 20, longitude: 80 });
    await vi.waitFor(() => expect(cache.productsGeneration).not.toBe(generation), { timeout: 5000 });
    // A probe that fails unless the new generation's snapshot is already there (or being loaded).
    const loaded = () =>
      cache.productFact<GridSiteColumns>(GRID_KEY, () => Promise.reject(new Error('not rebuilt yet')));
    const snapshot = await vi.waitFor(loaded, { timeout: 5000, interval: 50 });
    expect(Array.from(snapshot.ids)).toContain(added.id);
  });
});
