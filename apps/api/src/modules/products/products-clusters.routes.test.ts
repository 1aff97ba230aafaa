import type { ProductClustersResponse } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { fetchClusters } from './products.test-fixtures.ts';

/** GET /api/product/clusters (docs/product-rules.md section 16): every matching site counted, at every zoom. */
describe('GET /api/product/clusters', () => {
  let ctx: TestContext;
  let lone: number;
  let mumbai: number[];
  const clusters = (query: string) => fetchClusters(ctx, query);
  const total = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/?page_size=1&${query}`,
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
    });
    return res.json().payload.count as number;
  };
  const summed = (r: ProductClustersResponse) => r.clusters.reduce((n, c) => n + c.count, 0) + r.sites.length;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const cat = await insertCategories(db);
    mumbai = [];
    // 40 sites around Mumbai, 25 around Delhi, one in Goa; a paused one and one without a position.
    for (let i = 0; i < 40; i++) {
      const row = await insertProduct(db, {
        latitude: 18.9 + (i % 8) * 0.03,
        longitude: 72.8 + Math.floor(i / 8) * 0.03,
        categoryId: i % 2 ? cat.Hoarding : cat['Lamp Post'],
      });
      mumbai.push(row.id);
    }
    for (let i = 0; i < 25; i++) {
      await insertProduct(db, {
        latitude: 28.5 + (i % 5) * 0.05,
        longitude: 77.1 + Math.floor(i / 5) * 0.05,
        city: 'New Delhi',
        state: 'Delhi',
        district: 'New Delhi',
      });
    }
    lone = (await insertProduct(db, { latitude: 15.5, longitude: 73.8, city: 'Panaji', state: 'Goa' })).id;
    await insertProduct(db, { latitude: 19, longitude: 72.9, status: 'paused' });
    await insertProduct(db, { latitude: null, longitude: null });
  });
  afterAll(() => ctx.close());

  it('adds up to the filtered total in the box at every zoom, with or without filters', async () => {
    const india = 'bbox=68,6,98,37';
    for (const zoom of [0, 4, 5, 8, 11, 14, 18]) {
      for (const filter of ['', '&state=Delhi', '&category=Hoarding', '&search=mumbai']) {
        const r = await clusters(`${india}&zoom=${zoom}${filter}`);
        const expected = await total(`${india}${filter}`);
        expect(r.count, `zoom ${zoom}${filter}`).toBe(expected);
        expect(summed(r), `zoom ${zoom}${filter}`).toBe(expected);
      }
    }
    expect((await clusters(`${india}&zoom=5`)).count).toBe(66);
    // Without a box: every positioned live site.
    expect((await clusters('zoom=3')).count).toBe(66);
  });

  it('groups far-away sites apart at India zoom and keeps a lone site as a marker', async () => {
    const r = await clusters('bbox=68,6,98,37&zoom=5');
    expect(r.clusters.map((c) => c.count).sort((a, b) => a - b)).toEqual([25, 40]);
    expect(r.sites.map((s) => s.id)).toEqual([lone]);
    expect(r.sites[0]).toMatchObject({ city: 'Panaji', latitude: 15.5, longitude: 73.8, price: 1500 });
    const delhi = r.clusters.find((c) => c.count === 25);
    expect(delhi?.latitude).toBeCloseTo(28.6, 5);
    expect(delhi?.longitude).toBeCloseTo(77.2, 5);
    // Zoomed into Mumbai, the 40 sites come apart.
    const city = await clusters('bbox=72.7,18.8,73.1,19.2&zoom=16');
    expect(city.sites).toHaveLength(40);
    expect(city.clusters).toEqual([]);
  });

  it('with dates counts every site, split into free, partly and booked', async () => {
    await insertBooking(ctx.database.db, mumbai[0], '2026-12-01', '2026-12-31');
    await insertBooking(ctx.database.db, mumbai[1], '2026-12-12', '2026-12-13', 'blocked');
    const dates = 'available_from=2026-12-10&available_to=2026-12-17';
    const r = await clusters(`bbox=72.7,18.8,73.1,19.2&zoom=5&${dates}`);
    expect(r.clusters).toHaveLength(1);
    expect(r.clusters[0]).toMatchObject({ count: 40, free: 38, partly: 1, booked: 1 });
    expect(await total(`bbox=72.7,18.8,73.1,19.2&${dates}`)).toBe(38);
    const city = await clusters(`bbox=72.7,18.8,73.1,19.2&zoom=16&${dates}`);
    const of = (id: number) => city.sites.find((s) => s.id === id)?.availability;
    expect([of(mumbai[0]), of(mumbai[1]), of(mumbai[2])]).toEqual(['booked', 'partly', 'free']);
  });

  it('refuses a bad box or zoom with a 400', async () => {
    for (const query of ['bbox=1,2,3', 'zoom=23', 'zoom=-1', 'bbox=10,10,0,0', 'available_from=2026-12-10']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/product/clusters?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
