import type { Campaign, CampaignProductEntry } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { campaignProducts, campaigns, users } from '../../db/schema.ts';
import { loadCampaignView, loadCampaignViews } from './campaigns.service.ts';

type ProductRow = Awaited<ReturnType<typeof insertProduct>>;
type CampaignRow = Awaited<ReturnType<typeof insertStandardCampaign>>;

describe('campaign routes', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  let a: ProductRow;
  let b: ProductRow;
  let c: ProductRow;
  let blitz: CampaignRow;
  let goa: CampaignRow;
  let empty: CampaignRow;
  let customized: CampaignRow;
  let userId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    a = await insertProduct(db, {
      name: 'Site A',
      pricePaise: 100_000,
      bookingDuration: 7,
      minDays: 7,
      impression: 10_000,
    });
    b = await insertProduct(db, {
      name: 'Site B',
      pricePaise: 200_000,
      bookingDuration: '14 days',
      minDays: 14,
      impression: 5_000,
      images: ['/media/b1.svg', '/media/b2.svg'],
    });
    c = await insertProduct(db, {
      name: 'Site C',
      pricePaise: 50_050,
      bookingDuration: 2_592_000,
      minDays: 30,
      impression: null,
      images: [],
    });
    // Listed in reverse: entries still come back in product id order.
    blitz = await insertStandardCampaign(db, [c.id, b.id, a.id]);
    goa = await insertStandardCampaign(db, [], {
      name: 'Goa Bridges',
      description: 'Sunsets over the Mandovi',
      images: ['/media/goa.svg'],
    });
    await db.insert(campaignProducts).values([
      { campaignId: goa.id, productId: a.id, fromDate: '2026-12-01', toDate: '2026-12-11' },
      { campaignId: goa.id, productId: b.id },
    ]);
    empty = await insertStandardCampaign(db, [], { name: 'Coming soon: 50% off_season', description: '' });
    [{ id: userId }] = await db.insert(users).values({ phoneNumber: '9876543210' }).returning();
    [customized] = await db
      .insert(campaigns)
      .values({ type: 'customized', name: 'My Mumbai Plan', userId, images: [] })
      .returning();
    await db
      .insert(campaignProducts)
      .values([{ campaignId: customized.id, productId: b.id, fromDate: '2027-01-01', toDate: '2027-01-15' }]);
    await insertBooking(db, a.id, '2026-12-20', '2026-12-23');
  });
  afterAll(() => ctx.close());

  describe('GET /api/campaign', () => {
    it('lists standard campaigns only, paged, in id order', async () => {
      const res = await get('/api/campaign');
      expect(res.statusCode).toBe(200);
      const { payload } = res.json();
      expect(payload.count).toBe(3);
      expect(payload.next).toBeNull();
      expect(payload.previous).toBeNull();
      expect(payload.results.map((r: Campaign) => r.id)).toEqual([blitz.id, goa.id, empty.id]);
      expect(payload.results.every((r: Campaign) => r.type === 'standard')).toBe(true);
    });

    it('carries the same campaign shape as the detail', async () => {
      const list = (await get('/api/campaign')).json().payload.results as Campaign[];
      const detail = (await get(`/api/campaign/${blitz.id}`)).json();
      expect(list[0]).toEqual(detail);
    });

    it('pages with next/previous keeping search', async () => {
      const first = (await get('/api/campaign?page_size=2')).json().payload;
      expect(first.results).toHaveLength(2);
      expect(first.next).toBe('/api/campaign?page=2&page_size=2');
      const second = (await get(first.next)).json().payload;
      expect(second.results.map((r: Campaign) => r.id)).toEqual([empty.id]);
      expect(second.previous).toBe('/api/campaign?page=1&page_size=2');
      expect(second.next).toBeNull();
      const searched = (await get('/api/campaign?search=o&page_size=1')).json().payload;
      expect(searched.next).toBe('/api/campaign?page=2&page_size=1&search=o');
    });

    it('search matches name or description, ignoring case, wildcards literal', async () => {
      const ids = async (q: string) =>
        ((await get(`/api/campaign?search=${q}`)).json().payload.results as Campaign[]).map((r) => r.id);
      expect(await ids('mandovi')).toEqual([goa.id]);
      expect(await ids('BLITZ')).toEqual([blitz.id]);
      expect(await ids('50%25')).toEqual([empty.id]);
      expect(await ids('f_s')).toEqual([empty.id]);
      expect(await ids('%25')).toEqual([empty.id]);
      expect(await ids('My%20Mumbai')).toEqual([]);
    });

    it('also answers on /api/campaign/', async () => {
      expect((await get('/api/campaign/')).json().payload.count).toBe(3);
    });

    it.each([
      ['page=0', 'page'],
      ['page_size=1e9', 'page_size'],
      [`search=${'x'.repeat(10_000)}`, 'search'],
    ])('%.30s: 400 naming the field', async (query, field) => {
      const res = await get(`/api/campaign?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    });
  });

  describe('GET /api/campaign/{id}', () => {
    it('answers the bare campaign: entries by product id, totals from the pricing rules', async () => {
      const res = await get(`/api/campaign/${blitz.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: blitz.id,
        type: 'standard',
        name: 'Mumbai Lamp Post Blitz',
        description: 'Lamp posts across South Mumbai.',
        images: ['/media/sites/lamp-post/mumbai/1.svg'],
        total_locations: 3,
        impressions: 15_000,
        // Site C has no figure; A and B were typed before sources were asked (decision 080).
        audience_sources: ['owner_declared'],
        // No dates: booked together, every site runs for the longest minimum (30 days), so the shown price
        // is what the campaign costs (docs/product-rules.md section 3a). 1000 x 30 + 2000 x 30 + 500.50 x 30.
        price: 30_000 + 60_000 + 15_015,
        products: [
          {
            from_date: null,
            to_date: null,
            product: {
              id: a.id,
              // The site code: names repeat, codes tell the sites apart (issue 45).
              product_id: a.productCode,
              name: 'Site A',
              price: 1000,
              unavailable_dates: ['2026-12-20', '2026-12-21', '2026-12-22'],
              booking_duration: 7,
              images: ['/media/sites/lamp-post/mumbai/1.svg'],
              image_size: '3 x 5 ft',
              latitude: 18.94,
              longitude: 72.83,
              category: 'Lamp Post',
              city: 'Mumbai',
              audience: {
                daily_impressions: 10_000,
                source: 'owner_declared',
                measured_on: null,
                method: '',
                verified: false,
              },
            },
            price: 30_000,
          },
          {
            from_date: null,
            to_date: null,
            product: {
              id: b.id,
              // The site code: names repeat, codes tell the sites apart (issue 45).
              product_id: b.productCode,
              name: 'Site B',
              price: 2000,
              unavailable_dates: [],
              booking_duration: '14 days',
              images: ['/media/b1.svg', '/media/b2.svg'],
              image_size: '3 x 5 ft',
              latitude: 18.94,
              longitude: 72.83,
              category: 'Lamp Post',
              city: 'Mumbai',
              audience: {
                daily_impressions: 5_000,
                source: 'owner_declared',
                measured_on: null,
                method: '',
                verified: false,
              },
            },
            price: 60_000,
          },
          {
            from_date: null,
            to_date: null,
            product: {
              id: c.id,
              // The site code: names repeat, codes tell the sites apart (issue 45).
              product_id: c.productCode,
              name: 'Site C',
              price: 500.5,
              unavailable_dates: [],
              booking_duration: 2_592_000,
              images: [],
              image_size: '3 x 5 ft',
              latitude: 18.94,
              longitude: 72.83,
              category: 'Lamp Post',
              city: 'Mumbai',
              audience: null,
            },
            price: 15_015,
          },
        ],
      });
    });

    it('prices an entry with dates by the days between them', async () => {
      const body = (await get(`/api/campaign/${goa.id}`)).json();
      expect(body.products.map((p: CampaignProductEntry) => [p.from_date, p.to_date, p.price])).toEqual([
        ['2026-12-01', '2026-12-11', 10_000],
        [null, null, 28_000],
      ]);
      expect(body.price).toBe(38_000);
      expect(body.total_locations).toBe(2);
      expect(body.impressions).toBe(15_000);
    });

    it('a campaign without products has zero totals', async () => {
      const body = (await get(`/api/campaign/${empty.id}`)).json();
      expect(body).toMatchObject({ total_locations: 0, impressions: 0, price: 0, products: [] });
    });

    it('a customized campaign answers 404 here, like an unknown id', async () => {
      for (const id of [customized.id, 999_999]) {
        const res = await get(`/api/campaign/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Campaign not found.' } });
      }
    });

    it.each(['abc', '0', '99999999999'])('id %s: 400 naming id', async (id) => {
      const res = await get(`/api/campaign/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('id');
    });
  });

  describe('GET /api/find_campaign_type', () => {
    it('answers standard or customized', async () => {
      expect((await get(`/api/find_campaign_type?campaign_id=${blitz.id}`)).json()).toEqual({
        data: 'standard',
      });
      expect((await get(`/api/find_campaign_type?campaign_id=${customized.id}`)).json()).toEqual({
        data: 'customized',
      });
    });

    it('unknown: 404; missing or malformed campaign_id: 400', async () => {
      const unknown = await get('/api/find_campaign_type?campaign_id=999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
      for (const q of ['', '?campaign_id=', '?campaign_id=abc', '?campaign_id=99999999999']) {
        const res = await get(`/api/find_campaign_type${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error.fields).toHaveProperty('campaign_id');
      }
    });
  });

  describe('loadCampaignView (shared with customized campaigns)', () => {
    it('serves a customized campaign within its owner scope, with its dates and product images', async () => {
      const db = ctx.database.db;
      const view = await loadCampaignView(db, ctx.clock, customized.id, { type: 'customized', userId });
      expect(view).toMatchObject({
        id: customized.id,
        type: 'customized',
        name: 'My Mumbai Plan',
        images: ['/media/b1.svg'],
        total_locations: 1,
        impressions: 5_000,
        price: 28_000,
        products: [{ from_date: '2027-01-01', to_date: '2027-01-15', price: 28_000 }],
      });
      expect(
        await loadCampaignView(db, ctx.clock, customized.id, { type: 'customized', userId: userId + 1 }),
      ).toBeNull();
      expect(await loadCampaignView(db, ctx.clock, customized.id, { type: 'standard' })).toBeNull();
      expect(await loadCampaignView(db, ctx.clock, 999_999)).toBeNull();
    });

    it('loads several in the order asked, skipping unknown ids', async () => {
      const views = await loadCampaignViews(ctx.database.db, ctx.clock, [goa.id, 999_999, blitz.id, goa.id]);
      expect(views.map((v) => v.id)).toEqual([goa.id, blitz.id, goa.id]);
    });
  });
});
