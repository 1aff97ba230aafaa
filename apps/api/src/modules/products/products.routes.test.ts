import type { Product, ProductListResponse } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedCatalogue } from './products.test-fixtures.ts';

type Page = ProductListResponse['payload'];

describe('GET /api/product/', () => {
  let ctx: TestContext;
  let data: Awaited<ReturnType<typeof seedCatalogue>>;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const ids = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().payload.results as Product[]).map((p) => p.id);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    data = await seedCatalogue(ctx);
  });
  afterAll(() => ctx.close());

  it('answers the paged shape with products in the contract shape, 24 by default, in id order', async () => {
    const res = await get('/api/product/');
    expect(res.statusCode).toBe(200);
    const { payload } = res.json();
    expect(payload.count).toBe(35);
    expect(payload.results).toHaveLength(24);
    expect(payload.previous).toBeNull();
    expect(payload.next).toBe('/api/product/?page=2&page_size=24');
    const resultIds = payload.results.map((p: Product) => p.id);
    expect(resultIds).toEqual([...resultIds].sort((a, b) => a - b));
    expect(payload.results[0]).toEqual({
      id: data.marine.id,
      product_id: data.marine.productCode,
      name: 'Marine Drive Lamp Post',
      description: 'A lamp post panel on a busy road.',
      price: 1500,
      address: 'Marine Drive',
      images: ['/media/sites/lamp-post/mumbai/1.svg'],
      unavailable_dates: [],
      booking_duration: 7,
      minimum_days: 7,
      rates: { daily: 1500, weekly: null, four_weekly: null },
      category: 'Lamp Post',
      image_size: '3 x 5 ft',
      image_format: 'Flex',
      lighting: 'Lighting',
      state: 'Maharashtra',
      district: 'Mumbai',
      city: 'Mumbai',
      pin_code: '400001',
      impression: 25_000,
      // A figure stored before its source was asked for reads as owner-declared (migration 0029).
      audience: {
        daily_impressions: 25_000,
        source: 'owner_declared',
        measured_on: null,
        method: '',
        verified: false,
      },
      latitude: 18.94,
      longitude: 72.83,
      // Nothing booked: free from the earliest start (7 days after 22 Nov).
      free_from: '2026-11-29',
      // Nobody holds its dates (decision 084: the card's "On hold until ...").
      holds: [],
    });
  });

  it('shows prices in rupees, paise included', async () => {
    const res = await get(`/api/product/${data.digital.id}`);
    expect(res.json().price).toBe(25000.5);
  });

  it('also answers on /api/product without the trailing slash', async () => {
    const res = await get('/api/product?state=Goa');
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.results.map((p: Product) => p.id)).toEqual([data.goa.id]);
  });

  describe('filters', () => {
    it('category by name (any case), by id, by slug, several at once', async () => {
      const lampPosts = [data.marine.id, data.bandra.id];
      expect(await ids('/api/product/?category=Lamp%20Post')).toEqual(lampPosts);
      expect(await ids('/api/product/?category=lamp%20post')).toEqual(lampPosts);
      expect(await ids(`/api/product/?category=${data.cat['Lamp Post']}`)).toEqual(lampPosts);
      expect(await ids('/api/product/?category=hoarding')).toEqual([data.pune.id]);
      expect(await ids(`/api/product/?category=Lamp Post,${data.cat.Bridge}`)).toEqual([
        data.marine.id,
        data.goa.id,
        data.bandra.id,
      ]);
      expect(await ids('/api/product/?category=Nope')).toEqual([]);
      expect(await ids('/api/product/?category=99999999999')).toEqual([]);
    });

    it('state, district and lighting take comma-separated values, or the key repeated', async () => {
      expect(await ids('/api/product/?state=Goa,Karnataka')).toEqual([data.goa.id, data.digital.id]);
      expect(await ids('/api/product/?state=Goa&state=Karnataka')).toEqual([data.goa.id, data.digital.id]);
      expect(await ids('/api/product/?district=Pune')).toEqual([data.pune.id]);
      expect(await ids('/api/product/?district=North%20Goa,Mumbai')).toEqual([
        data.marine.id,
        data.goa.id,
        data.bandra.id,
      ]);
      expect(await ids('/api/product/?lighting=Non-Lighting')).toEqual([data.pune.id, data.bandra.id]);
      expect(await ids('/api/product/?lighting=Lighting,Non-Lighting&state=Maharashtra')).toEqual([
        data.marine.id,
        data.pune.id,
        data.bandra.id,
      ]);
    });

    it('price is a min,max range of the daily price in rupees, bounds included', async () => {
      expect(await ids('/api/product/?price=1000,6000')).toEqual([data.marine.id, data.pune.id]);
      expect(await ids('/api/product/?price=800,800')).toEqual([data.bandra.id]);
      expect(await ids('/api/product/?price=25000.5,25000.5')).toEqual([data.digital.id]);
      expect(await ids('/api/product/?price=25000.51,30000')).toEqual([]);
      expect(await ids('/api/product/?price=1e300,1e301')).toEqual([]);
      expect(await ids('/api/product/?price=-1e300,1e300')).toHaveLength(24);
    });

    it('a range of 0,0 (the client default) filters nothing', async () => {
      const res = await get('/api/product/?price=0,0&impression=0,0');
      expect(res.json().payload.count).toBe(35);
      expect(res.json().payload.next).toBe('/api/product/?page=2&page_size=24');
    });

    it('impression is a min,max range; sites without a figure drop out', async () => {
      expect(await ids('/api/product/?impression=20000,100000')).toEqual([data.marine.id, data.pune.id]);
      expect(await ids(`/api/product/?impression=0,1000000&state=Karnataka`)).toEqual([]);
    });

    it('ids picks products by numeric id', async () => {
      expect(await ids(`/api/product/?ids=${data.goa.id},${data.marine.id},99999`)).toEqual([
        data.marine.id,
        data.goa.id,
      ]);
    });

    it('combines filters with AND', async () => {
      expect(await ids('/api/product/?state=Maharashtra&lighting=Lighting')).toEqual([data.marine.id]);
      expect(await ids('/api/product/?state=Maharashtra&category=Lamp%20Post&price=0,1000')).toEqual([
        data.bandra.id,
      ]);
      expect(await ids('/api/product/?search=marine%20drive&state=Kerala&page_size=100')).toEqual(
        data.kerala,
      );
      expect(await ids('/api/product/?state=Goa&district=Mumbai')).toEqual([]);
    });
  });

  describe('search', () => {
    it('matches name, address, city, district and site code, ignoring case', async () => {
      expect(await ids('/api/product/?search=bandra')).toEqual([data.bandra.id]);
      expect(await ids('/api/product/?search=HILL%20road')).toEqual([data.bandra.id]);
      expect(await ids('/api/product/?search=panaji')).toEqual([data.goa.id]);
      expect(await ids('/api/product/?search=north%20goa')).toEqual([data.goa.id]);
      expect(await ids('/api/product/?search=ga-br-001')).toEqual([data.goa.id]);
      expect(await ids('/api/product/?search=marine%20drive&page_size=100')).toEqual([
        data.marine.id,
        ...data.kerala,
      ]);
      expect(await ids('/api/product/?search=%20%20')).toHaveLength(24);
    });

    it('takes % _ and \\ literally', async () => {
      expect(await ids('/api/product/?search=%25')).toEqual([data.digital.id]);
      expect(await ids('/api/product/?search=100%25')).toEqual([data.digital.id]);
      expect(await ids('/api/product/?search=_')).toEqual([data.digital.id]);
      expect(await ids('/api/product/?search=%5C')).toEqual([]);
    });

    it('refuses control and direction-override characters with a 400 naming the parameter', async () => {
      for (const [url, field] of [
        ['/api/product/?search=Band%00ra', 'search'],
        ['/api/product/?state=Goa%00', 'state'],
        ['/api/product/?district=%E2%80%AEaoG', 'district'],
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json().error.fields), url).toEqual([field]);
      }
      expect(await ids('/api/product/?search=%20Bandra%20')).toEqual([data.bandra.id]);
    });
  });

  describe('paging', () => {
    it('walks every page once, in id order, with next/previous keeping the filters', async () => {
      const seen: number[] = [];
      let url: string | null = '/api/product/?state=Kerala&page_size=12';
      const links: Array<[string | null, string | null]> = [];
      while (url) {
        const res = await get(url);
        const payload: Page = res.json().payload;
        expect(payload.count).toBe(30);
        seen.push(...payload.results.map((p: Product) => p.id));
        links.push([payload.previous, payload.next]);
        url = payload.next;
      }
      expect(seen).toEqual(data.kerala);
      expect(links).toEqual([
        [null, '/api/product/?page=2&page_size=12&state=Kerala'],
        ['/api/product/?page=1&page_size=12&state=Kerala', '/api/product/?page=3&page_size=12&state=Kerala'],
        ['/api/product/?page=2&page_size=12&state=Kerala', null],
      ]);
    });

    it('keeps every filter in the links, commas readable', async () => {
      const res = await get(
        '/api/product/?page_size=1&search=lamp%20post&category=Lamp%20Post,Bridge&state=Maharashtra,Goa&district=Mumbai&lighting=Lighting,Non-Lighting&price=500,2000&impression=1,99999&ids=' +
          `${data.marine.id},${data.bandra.id}`,
      );
      const { payload } = res.json();
      expect(payload.count).toBe(2);
      expect(payload.next).toBe(
        '/api/product/?page=2&page_size=1&search=lamp%20post&category=Lamp%20Post,Bridge&state=Maharashtra,Goa' +
          `&district=Mumbai&lighting=Lighting,Non-Lighting&price=500,2000&impression=1,99999&ids=${data.marine.id},${data.bandra.id}`,
      );
      const second = await get(payload.next);
      expect(second.json().payload.results.map((p: Product) => p.id)).toEqual([data.bandra.id]);
    });

    it('a page past the end is empty and points back to the last page', async () => {
      const res = await get('/api/product/?state=Kerala&page=9&page_size=12');
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toEqual({
        count: 30,
        next: null,
        previous: '/api/product/?page=3&page_size=12&state=Kerala',
        results: [],
      });
    });

    it('allows page_size up to 100', async () => {
      const res = await get('/api/product/?page_size=100');
      expect(res.json().payload.results).toHaveLength(35);
      expect(res.json().payload.next).toBeNull();
    });

    it('no matches: count 0 and no links', async () => {
      const res = await get('/api/product/?state=Nowhere');
      expect(res.json()).toEqual({ payload: { count: 0, next: null, previous: null, results: [] } });
    });
  });

  describe('bad input answers 400 naming the field', () => {
    const cases: Array<[string, string]> = [
      ['page=-1', 'page'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['page_size=1e9', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['price=abc', 'price'],
      ['price=5,1', 'price'],
      ['price=1', 'price'],
      ['price=1,2,3', 'price'],
      ['price=,', 'price'],
      ['impression=x,y', 'impression'],
      ['ids=x', 'ids'],
      ['ids=1,-2', 'ids'],
      ['ids=99999999999', 'ids'],
      [`search=${'a'.repeat(10_000)}`, 'search'],
    ];
    it.each(cases)('%.40s', async (query, field) => {
      const res = await get(`/api/product/?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toContain(field);
      expect(Object.keys(body.error.fields)).toContain(field);
    });
  });
});
