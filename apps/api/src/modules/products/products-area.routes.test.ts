import type { Product } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { boxAround } from './product-conditions.ts';

/** Search by area (docs/product-rules.md section 12): bbox and near on GET /api/product/ and /api/product/ids. */
describe('GET /api/product/ by area', () => {
  let ctx: TestContext;
  let site: Record<string, number>;
  // no-cache with the dev key: on PostgreSQL the catalogue cache would otherwise answer; every case here
  // reads the database.
  const get = (url: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
    });
  const results = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.results as Product[];
  };
  const ids = async (url: string) => (await results(url)).map((p) => p.id);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const cat = await insertCategories(db);
    const at = async (name: string, latitude: number | null, longitude: number | null, extra = {}) =>
      (await insertProduct(db, { name, latitude, longitude, ...extra })).id;
    site = {
      // Inserted far-first so id order and distance order differ.
      bengaluru: await at('MG Road', 12.9716, 77.5946, { city: 'Bengaluru', state: 'Karnataka' }),
      pune: await at('FC Road', 18.5204, 73.8567, { city: 'Pune', categoryId: cat.Hoarding }),
      bandra: await at('Hill Road', 19.0544, 72.8406),
      marine: await at('Marine Drive', 18.9432, 72.8235),
      nowhere: await at('No position', null, null),
      paused: await at('Paused Colaba', 18.91, 72.82, { status: 'paused' }),
      edge: await at('On the edge', 19, 73),
    };
  });
  afterAll(() => ctx.close());

  it('bbox keeps the live sites inside the box, edges included, positionless sites never', async () => {
    expect(await ids('/api/product/?bbox=72.7,18.8,73.0,19.1')).toEqual([
      site.bandra,
      site.marine,
      site.edge,
    ]);
    expect(await ids('/api/product/?bbox=73,19,73,19')).toEqual([site.edge]);
    expect(await ids('/api/product/?bbox=-180,-90,180,90')).toHaveLength(5);
    expect(await ids('/api/product/?bbox=0,0,1,1')).toEqual([]);
  });

  it('bbox combines with the other filters, counts and page links', async () => {
    expect(await ids('/api/product/?bbox=72,18,74,20&category=Hoarding')).toEqual([site.pune]);
    expect(await ids('/api/product/?bbox=72,18,74,20&search=hill')).toEqual([site.bandra]);
    const res = await get('/api/product/?bbox=72,18,74,20&page_size=2');
    const page = res.json().payload;
    expect(page.count).toBe(4);
    expect(page.next).toBe('/api/product/?page=2&page_size=2&bbox=72,18,74,20');
    expect(page.results[0].distance_km).toBeUndefined();
  });

  it('near with radius_km answers the sites within it, nearest first, with distance_km', async () => {
    const list = await results('/api/product/?near=18.9432,72.8235&radius_km=20');
    expect(list.map((p) => p.id)).toEqual([site.marine, site.bandra, site.edge]);
    expect(list[0].distance_km).toBe(0);
    // Marine Drive to Bandra's Hill Road: about 12.4 km along the great circle.
    expect(list[1].distance_km).toBeGreaterThan(12);
    expect(list[1].distance_km).toBeLessThan(13);
    expect(list[1].distance_km).toBeLessThan(list[2].distance_km as number);
    expect(await ids('/api/product/?near=18.9432,72.8235&radius_km=150')).toEqual([
      site.marine,
      site.bandra,
      site.edge,
      site.pune,
    ]);
    expect(await ids('/api/product/?near=18.9432,72.8235&radius_km=150&category=Hoarding')).toEqual([
      site.pune,
    ]);
  });

  it('near pages by distance and keeps near and radius in the links', async () => {
    const res = await get('/api/product/?near=18.9432,72.8235&radius_km=150&page_size=2&page=2');
    const page = res.json().payload;
    expect(page.count).toBe(4);
    expect(page.results.map((p: Product) => p.id)).toEqual([site.edge, site.pune]);
    expect(page.previous).toBe('/api/product/?page=1&page_size=2&near=18.9432,72.8235&radius_km=150');
  });

  it('/api/product/ids takes the same area filters', async () => {
    const res = await get('/api/product/ids?near=18.9432,72.8235&radius_km=20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 3,
      ids: [site.bandra, site.marine, site.edge].sort((a, b) => a - b),
    });
  });

  it('the cached answers differ by area (the cache keys on the whole validated query)', async () => {
    const cached = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json().payload.count;
    expect(await cached('/api/product/?bbox=72.7,18.8,73.0,19.1')).toBe(3);
    expect(await cached('/api/product/?bbox=73.5,18,74,19')).toBe(1);
    expect(await cached('/api/product/?near=18.9432,72.8235&radius_km=20')).toBe(3);
    expect(await cached('/api/product/?near=18.9432,72.8235&radius_km=150')).toBe(4);
  });

  it.each([
    ['bbox=1,2,3', 'Expected bbox as minLng,minLat,maxLng,maxLat (4 numbers)'],
    ['bbox=a,b,c,d', 'Expected bbox as minLng,minLat,maxLng,maxLat (4 numbers)'],
    ['bbox=1,,3,4', 'Expected bbox as minLng,minLat,maxLng,maxLat (4 numbers)'],
    ['bbox=Infinity,1,2,3', 'Expected bbox as minLng,minLat,maxLng,maxLat (4 numbers)'],
    ['bbox=74,18,73,19', 'bbox minimum must not exceed its maximum (minLng,minLat,maxLng,maxLat)'],
    ['bbox=72,19,73,18', 'bbox minimum must not exceed its maximum (minLng,minLat,maxLng,maxLat)'],
    ['bbox=72,-91,73,18', 'bbox latitudes must be between -90 and 90'],
    ['bbox=-181,18,73,19', 'bbox longitudes must be between -180 and 180'],
    ['near=18.9&radius_km=5', 'Expected near as lat,lng (2 numbers)'],
    ['near=91,72&radius_km=5', 'near latitude must be between -90 and 90 (near=lat,lng)'],
    ['near=18,200&radius_km=5', 'near longitude must be between -180 and 180 (near=lat,lng)'],
    ['near=18.9,72.8', 'near needs radius_km (kilometres)'],
    ['radius_km=5', 'radius_km needs near=lat,lng'],
    ['near=18.9,72.8&radius_km=abc', 'radius_km must be a number of kilometres'],
    ['near=18.9,72.8&radius_km=0', 'radius_km must be more than 0'],
    ['near=18.9,72.8&radius_km=501', 'radius_km must be at most 500'],
  ])('?%s is a 400 saying what is wrong', async (query, message) => {
    for (const path of ['/api/product/', '/api/product/ids']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});

describe('boxAround', () => {
  it('holds the circle and no more than it needs', () => {
    const [minLng, minLat, maxLng, maxLat] = boxAround({ lat: 19, lng: 73, radiusKm: 111.1951 });
    expect(maxLat - 19).toBeCloseTo(1, 3);
    expect(19 - minLat).toBeCloseTo(1, 3);
    expect(maxLng - 73).toBeCloseTo(1 / Math.cos((19 * Math.PI) / 180), 2);
    expect(73 - minLng).toBeCloseTo(maxLng - 73, 6);
  });

  it('widens to every longitude at a pole or across the 180th meridian', () => {
    expect(boxAround({ lat: 89.9, lng: 0, radiusKm: 50 })).toEqual([-180, expect.any(Number), 180, 90]);
    const [minLng, , maxLng] = boxAround({ lat: 0, lng: 179.9, radiusKm: 50 });
    expect([minLng, maxLng]).toEqual([-180, 180]);
  });
});
