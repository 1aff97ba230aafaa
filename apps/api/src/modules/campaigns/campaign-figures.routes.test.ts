import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, post, tokenFor } from '../../../test/api-calls.ts';
import { insertCategories, insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { campaignProducts } from '../../db/schema.ts';

/** GET /api/campaigns/{id}/figures (decision 080): the plan's impressions, CPM and the model's estimates. */
describe('GET /api/campaigns/{id}/figures', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  let standardId: number;
  let customizedId: number;
  let noFigureId: number;
  const figures = (id: number, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/figures`,
      headers: token ? bearer(token) : {},
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await tokenFor(ctx, 61);
    bob = await tokenFor(ctx, 62);
    const db = ctx.database.db;
    const categories = await insertCategories(db);
    // Jaipur is a "city" (not a metro) in the model: lamp posts bring 12 % new people each further day.
    const pole = await insertProduct(db, {
      city: 'Jaipur',
      pricePaise: 100_000,
      impression: 50_000,
      audienceSource: 'traffic_count',
    });
    const hoarding = await insertProduct(db, {
      city: 'Jaipur',
      pricePaise: 1_000_000,
      impression: null,
      categoryId: categories.Hoarding,
    });
    const standard = await insertStandardCampaign(db, [], { name: 'Pink City' });
    standardId = standard.id;
    await db.insert(campaignProducts).values([
      { campaignId: standardId, productId: pole.id, fromDate: '2027-01-01', toDate: '2027-01-08' },
      { campaignId: standardId, productId: hoarding.id, fromDate: '2027-01-01', toDate: '2027-01-08' },
    ]);
    noFigureId = (await insertStandardCampaign(db, [hoarding.id], { name: 'Dark' })).id;
    const created = await post(ctx, '/api/create_customized_campaign/', alice, {
      name: 'Alice Jaipur',
      products: [{ product_id: pole.id, from_date: '2027-02-01', to_date: '2027-02-15' }],
    });
    expect(created.statusCode).toBe(200);
    customizedId = created.json().data.id ?? created.json().data;
  });
  afterAll(() => ctx.close());

  it('answers a standard campaign to anyone: impressions x days, CPM over the lines with a figure, estimates', async () => {
    const res = await figures(standardId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      // 50,000 a day x 7 days; the hoarding has no figure and counts in nothing.
      impressions: 350_000,
      // ₹7,000 / 3,50,000 x 1,000 = ₹20.00 per thousand.
      cpm: 20,
      // 50,000 x (1 + 6 x 0.12) = 86,000 people; 3,50,000 / 86,000 = 4.07.
      reach_estimate: 86_000,
      frequency_estimate: 4.1,
      method: expect.stringContaining('docs/audience-model.md'),
      cost: 7000,
      lines: 2,
      lines_counted: 1,
      sources: ['traffic_count'],
    });
  });

  it('answers a customized campaign to its owner only; anyone else reads 404, as for an unknown id', async () => {
    const mine = await figures(customizedId, alice);
    expect(mine.statusCode).toBe(200);
    // 14 days x 50,000; ₹14,000 / 7,00,000 x 1,000 = ₹20.
    expect(mine.json().data).toMatchObject({ impressions: 700_000, cpm: 20, lines_counted: 1 });
    expect((await figures(customizedId, bob)).statusCode).toBe(404);
    expect((await figures(customizedId)).statusCode).toBe(404);
    expect((await figures(2_000_000_000)).statusCode).toBe(404);
  });

  it('has no CPM and no frequency when no line carries a figure', async () => {
    const res = await figures(noFigureId);
    expect(res.json().data).toMatchObject({
      impressions: 0,
      cpm: null,
      reach_estimate: 0,
      frequency_estimate: null,
      lines: 1,
      lines_counted: 0,
      sources: [],
    });
  });

  it('refuses an id that is not one with a 400', async () => {
    expect((await figures(0)).statusCode).toBe(400);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/campaigns/abc/figures' });
    expect(res.statusCode).toBe(400);
  });
});
