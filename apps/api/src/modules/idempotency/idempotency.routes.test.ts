import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, line, phoneOf, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { campaigns, orders, users } from '../../db/schema.ts';

/**
 * Double clicks and retries of the creating calls (docs/product-rules.md section 3a, issue 10 item 2). The duplicates
 * are sent at the same moment: on PostgreSQL they race on separate connections, and the unique key makes
 * the second wait and answer the first one's result.
 */

// The clock says 2026-11-22 12:00 IST: the earliest start date is 2026-11-29.
const FROM = '2026-12-01';
const TO = '2026-12-08';

let ctx: TestContext;
let site: { id: number; name: string };
let other: { id: number; name: string };

function post(url: string, token: string, payload: unknown, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

async function userId(n: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.phoneNumber, `%${phoneOf(n)}`));
  return row.id;
}

const campaignsOf = async (n: number) =>
  ctx.database.db
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, await userId(n)));

beforeAll(async () => {
  ctx = await createTestApp();
  site = await insertProduct(ctx.database.db, { name: 'Twice Clicked Hoarding', pricePaise: 100_000 });
  other = await insertProduct(ctx.database.db, { name: 'Second Site', pricePaise: 100_000 });
});
afterAll(() => ctx.close());

describe('POST /create_customized_campaign/ with an Idempotency-Key', () => {
  const body = () => ({ name: 'Diwali', products: [{ product_id: site.id, from_date: FROM, to_date: TO }] });

  it('creates one campaign for two identical concurrent calls, and both answer it', async () => {
    const token = await tokenFor(ctx, 101);
    const [a, b] = await Promise.all([
      post('/api/create_customized_campaign/', token, body(), 'create-key-0001'),
      post('/api/create_customized_campaign/', token, body(), 'create-key-0001'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(await campaignsOf(101)).toHaveLength(1);

    // A retry later (the answer was lost) still answers the same campaign.
    const retry = await post('/api/create_customized_campaign/', token, body(), 'create-key-0001');
    expect(retry.json().data).toEqual(a.json().data);
    expect(await campaignsOf(101)).toHaveLength(1);
  });

  it('creates again for a new key, and without a key as before', async () => {
    const token = await tokenFor(ctx, 102);
    await post('/api/create_customized_campaign/', token, body(), 'create-key-0002');
    await post('/api/create_customized_campaign/', token, body(), 'create-key-0003');
    await post('/api/create_customized_campaign/', token, body());
    expect(await campaignsOf(102)).toHaveLength(3);
  });

  it('refuses the same key with another body (409) and creates nothing', async () => {
    const token = await tokenFor(ctx, 103);
    await post('/api/create_customized_campaign/', token, body(), 'create-key-0004');
    const changed = await post(
      '/api/create_customized_campaign/',
      token,
      { ...body(), name: 'Holi' },
      'create-key-0004',
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('idempotency_key_reused');
    expect(await campaignsOf(103)).toHaveLength(1);
  });

  it("keeps keys per user: another buyer's same key creates their own campaign", async () => {
    const first = await post(
      '/api/create_customized_campaign/',
      await tokenFor(ctx, 104),
      body(),
      'shared-key-01',
    );
    const second = await post(
      '/api/create_customized_campaign/',
      await tokenFor(ctx, 105),
      body(),
      'shared-key-01',
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).not.toBe(first.json().data.id);
    expect(await campaignsOf(105)).toHaveLength(1);
  });

  it('does not keep a key whose call failed: the corrected retry creates', async () => {
    const token = await tokenFor(ctx, 106);
    const bad = await post(
      '/api/create_customized_campaign/',
      token,
      { products: [{ product_id: 999_999 }] },
      'create-key-0005',
    );
    expect(bad.statusCode).toBe(400);
    const fixed = await post('/api/create_customized_campaign/', token, body(), 'create-key-0005');
    expect(fixed.statusCode).toBe(200);
    expect(await campaignsOf(106)).toHaveLength(1);
  });

  it('answers 400 naming the header for a malformed key', async () => {
    const answer = await post(
      '/api/create_customized_campaign/',
      await tokenFor(ctx, 107),
      body(),
      'x\u00e9',
    );
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().error)).toContain('idempotency-key');
  });
});

describe('POST /save_campaign/ with an Idempotency-Key', () => {
  it('makes one saved copy of a standard campaign for two identical concurrent saves', async () => {
    const standard = await insertStandardCampaign(ctx.database.db, [site.id, other.id], {
      name: 'Metro Pair',
    });
    const token = await tokenFor(ctx, 201);
    const body = {
      campaign_id: standard.id,
      products: [site.id, other.id].map((product_id) => ({ product_id, from_date: FROM, to_date: TO })),
    };
    const [a, b] = await Promise.all([
      post('/api/save_campaign/', token, body, 'save-key-0001'),
      post('/api/save_campaign/', token, body, 'save-key-0001'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.id).toBe(a.json().data.id);
    const saved = await ctx.app.inject({
      method: 'GET',
      url: '/api/saved_campaigns/',
      headers: bearer(token),
    });
    expect(saved.json().data).toHaveLength(1);
  });
});

describe('POST /booking/book with an Idempotency-Key', () => {
  it('places one order for two identical concurrent calls, and both answer it', async () => {
    const token = await tokenFor(ctx, 301);
    const body = { amount: 7000, data: [line(site.id, FROM, TO)] };
    const [a, b] = await Promise.all([
      post('/api/booking/book', token, body, 'book-key-0001'),
      post('/api/booking/book', token, body, 'book-key-0001'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const placed = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, await userId(301)));
    // Without the key the second call would have replaced (cancelled) the first order with a new one.
    expect(placed.map((o) => o.status)).toEqual(['pending_payment']);
  });
});
