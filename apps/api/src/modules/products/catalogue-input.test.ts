import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/** No input to the public catalogue may produce a 5xx: absurd values answer 200 or a 4xx in the error shape. */
describe('catalogue routes under absurd input', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const product = await insertProduct(ctx.database.db);
    await insertBooking(ctx.database.db, product.id, '2026-12-01', '2026-12-08');
    await insertStandardCampaign(ctx.database.db, [product.id]);
  });
  afterAll(() => ctx.close());

  const expectNo5xx = (res: { statusCode: number; json(): { error?: { code: string } } }, what: string) => {
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json().error?.code, what).toEqual(expect.any(String));
  };

  it.each([
    '/api/product/?page=100000',
    '/api/product/?page=100001',
    '/api/product/?page=-0',
    '/api/product/?page_size=-0',
    '/api/product/?price=-0,0',
    '/api/product/?price=NaN,1',
    '/api/product/?price=Infinity,Infinity',
    '/api/product/?price=0.001,0.002',
    '/api/product/?impression=1e20,1e21',
    '/api/product/?impression=-1e20,1.5',
    '/api/product/?category=%00',
    '/api/product/?category=,,,',
    '/api/product/?category=1e3,0x10,-1',
    '/api/product/?ids=,,,',
    '/api/product/?ids=0',
    '/api/product/?search=%FF%FE',
    '/api/product/?search=%ED%A0%80',
    "/api/product/?search=';%20drop%20table%20products;--",
    '/api/product/?state=%E2%80%8B&district=%27&lighting=%5C',
    '/api/product/?unknown=1&page[]=1',
    '/api/product/?price=1,2&price=3,4',
    '/api/product/?page=1&page=2',
    '/api/product/%00',
    '/api/product/1e3',
    '/api/product/0x10',
    '/api/product/%20',
    '/api/campaign?search=%00%25_&page=100000',
    '/api/campaign/1e400',
    '/api/find_campaign_type?campaign_id=1&campaign_id=2',
    '/api/find_campaign_type?campaign_id=-1',
  ])('GET %s', async (url) => {
    expectNo5xx(await ctx.app.inject({ method: 'GET', url }), url);
  });

  it.each([
    [[{ product_id: 1.5, from_date: '2026-12-01', to_date: '2026-12-08' }]],
    [[{ product_id: null, from_date: null, to_date: null }]],
    [[[1, '2026-12-01', '2026-12-08']]],
    [[{ product_id: 1, from_date: '0001-01-01', to_date: '9999-12-31' }]],
    [[{ product_id: 1, from_date: '9999-12-31', to_date: '10000-01-01' }]],
    ['not json'],
    [null],
  ])('POST availability %j', async (payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking/booking_availability_check_multiple',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expectNo5xx(res, JSON.stringify(payload));
  });

  it('random query strings on GET /api/product/ never fail on our side', async () => {
    const keys = [
      'page',
      'page_size',
      'search',
      'category',
      'state',
      'district',
      'lighting',
      'price',
      'impression',
      'ids',
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.tuple(fc.double(), fc.double()).map(([a, b]) => `${a},${b}`),
      fc.array(fc.integer(), { maxLength: 5 }).map((a) => a.join(',')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 }),
        async (pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await ctx.app.inject({ method: 'GET', url: `/api/product/?${query}` });
          expect(res.statusCode, query).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
