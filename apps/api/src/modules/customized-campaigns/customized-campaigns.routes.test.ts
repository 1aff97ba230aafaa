import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely; the assertions pin the values
type Json = Record<string, any>;

// The clock says 2026-11-22 12:00 IST: the earliest start date is 2026-11-29.
const FROM = '2026-12-01';
const TO = '2026-12-08';

let ctx: TestContext;
let alice: string;
let bob: string;
let p1: { id: number; name: string };
let p2: { id: number; name: string };
let p3: { id: number; name: string };
let standardId: number;

const bearer = async (phone: string) => `Bearer ${await signedInToken(ctx, phone)}`;

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

const create = (token: string, body: unknown) =>
  call('POST', '/api/create_customized_campaign/', token, body);
const save = (token: string, body: unknown) => call('POST', '/api/save_campaign/', token, body);
const dated = (...ids: number[]) => ids.map((product_id) => ({ product_id, from_date: FROM, to_date: TO }));

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  p1 = await insertProduct(db, { name: 'Marine Drive Lamp Post', pricePaise: 150_000 });
  p2 = await insertProduct(db, { name: 'FC Road Hoarding', pricePaise: 500_000 });
  // A site that must be booked for at least 14 days.
  p3 = await insertProduct(db, {
    name: 'Mandovi Bridge Panel',
    pricePaise: 1_000_000,
    bookingDuration: '14 days',
    minDays: 14,
  });
  standardId = (await insertStandardCampaign(db, [p1.id, p2.id], { name: 'Mumbai Blitz' })).id;
  alice = await bearer('9876543210');
  bob = await bearer('9123456780');
});

afterAll(async () => {
  await ctx.close();
});

describe('sign-in is required', () => {
  it('answers 401 to every call without a token', async () => {
    const responses = await Promise.all([
      create('', { name: 'x', products: dated(p1.id) }),
      save('', { campaign_id: standardId, products: dated(p1.id, p2.id) }),
      call('GET', `/api/customized_campaign/${standardId}/`, null),
      call('GET', '/api/saved_campaigns/', null),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
  });
});

describe('POST /api/create_customized_campaign/', () => {
  it('creates an unsaved customized campaign of the caller, sites sorted and deduplicated', async () => {
    const res = await create(alice, {
      name: '  ',
      products: [{ product_id: p2.id }, { product_id: p1.id }, { product_id: p2.id }],
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ type: 'customized', name: 'Untitled Campaign', total_locations: 2 });
    expect(data.products.map((p: Json) => p.product.id)).toEqual([p1.id, p2.id]);
    expect(data.products[0]).toMatchObject({ from_date: null, to_date: null });
    // Without dates a site costs its daily price x its minimum days (7): 1,500 x 7 + 5,000 x 7.
    expect(data.price).toBe(45_500);
    expect(data.images.length).toBeGreaterThan(0);

    const fetched = await call('GET', `/api/customized_campaign/${data.id}/`, alice);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(data);
    // Not saved yet, so not under Saved Campaigns.
    const saved = (await call('GET', '/api/saved_campaigns/', alice)).json();
    expect(saved.data.map((s: Json) => s.id)).not.toContain(data.id);
  });

  it('keeps the name and dates it is given', async () => {
    const res = await create(alice, { name: 'Diwali push', products: dated(p1.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Diwali push', price: 10_500 });
    expect(res.json().data.products[0]).toMatchObject({ from_date: FROM, to_date: TO, price: 10_500 });
  });

  it('refuses unknown product ids, naming them, and writes nothing', async () => {
    const res = await create(alice, {
      name: 'x',
      products: [{ product_id: p1.id }, { product_id: 999_999 }, { product_id: 888_888 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('999999');
    expect(res.json().error.message).toContain('888888');
  });

  it('refuses a campaign without products and malformed bodies', async () => {
    for (const body of [
      { name: 'x', products: [] },
      { name: 'x' },
      { name: 'x', products: [{ product_id: 'abc' }] },
      { name: 'x', products: [{ product_id: p1.id, from_date: '2026-02-30' }] },
      { name: 'x'.repeat(201), products: [{ product_id: p1.id }] },
    ]) {
      const res = await create(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });

  it('refuses dates that break the booking rules, naming the site', async () => {
    const tooSoon = await create(alice, {
      name: 'x',
      products: [{ product_id: p1.id, from_date: '2026-11-25', to_date: TO }],
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().error.message).toContain('Marine Drive Lamp Post');
    const halfDated = await create(alice, { name: 'x', products: [{ product_id: p2.id, from_date: FROM }] });
    expect(halfDated.statusCode).toBe(400);
    expect(halfDated.json().error.message).toContain('FC Road Hoarding');
  });
});

describe('POST /api/save_campaign/', () => {
  it("saves the caller's customized campaign with dates and name, and lists it", async () => {
    const { data: created } = (
      await create(alice, { name: 'Draft', products: [{ product_id: p1.id }, { product_id: p3.id }] })
    ).json();
    const res = await save(alice, {
      campaign_id: created.id,
      name: 'Monsoon sale',
      products: [
        { product_id: p3.id, from_date: '2026-12-10', to_date: '2026-12-24' },
        { product_id: p1.id, from_date: FROM, to_date: TO },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: created.id, type: 'customized', name: 'Monsoon sale' });
    expect(data.products.map((p: Json) => [p.product.id, p.from_date, p.to_date])).toEqual([
      [p1.id, FROM, TO],
      [p3.id, '2026-12-10', '2026-12-24'],
    ]);
    // 1,500 x 7 + 10,000 x 14.
    expect(data.price).toBe(150_500);

    const saved = (await call('GET', '/api/saved_campaigns/', alice)).json();
    const entry = saved.data.find((s: Json) => s.id === created.id);
    expect(entry).toEqual({
      id: created.id,
      campaign_details: data,
      price: 150_500,
      from_date: FROM,
      to_date: '2026-12-24',
    });
    expect(entry.campaign_details.name).toBe('Monsoon sale');
  });

  it('refuses a save unless every site has valid dates, naming the site, and changes nothing', async () => {
    const { data: created } = (
      await create(alice, { name: 'Check', products: [{ product_id: p1.id }, { product_id: p3.id }] })
    ).json();
    // p3 needs 14 days; 7 is too short for it but fine for p1.
    const short = await save(alice, { campaign_id: created.id, products: dated(p1.id, p3.id) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Mandovi Bridge Panel');
    expect(short.json().error.message).not.toContain('Marine Drive');

    const missing = await save(alice, { campaign_id: created.id, products: dated(p1.id) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Mandovi Bridge Panel');

    const foreign = await save(alice, { campaign_id: created.id, products: [...dated(p1.id, p2.id)] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toContain(String(p2.id));

    const undated = await save(alice, {
      campaign_id: created.id,
      products: [{ product_id: p1.id }, { product_id: p3.id }],
    });
    expect(undated.statusCode).toBe(400);

    const after = (await call('GET', `/api/customized_campaign/${created.id}/`, alice)).json();
    expect(after.name).toBe('Check');
    expect(after.products.every((p: Json) => p.from_date === null)).toBe(true);
    const saved = (await call('GET', '/api/saved_campaigns/', alice)).json();
    expect(saved.data.map((s: Json) => s.id)).not.toContain(created.id);
  });

  it("turns a standard campaign into the caller's saved copy and leaves the original alone", async () => {
    const res = await save(alice, { campaign_id: standardId, products: dated(p1.id, p2.id) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).not.toBe(standardId);
    expect(data).toMatchObject({
      type: 'customized',
      name: 'Mumbai Blitz',
      total_locations: 2,
      price: 45_500,
    });
    expect(data.products.every((p: Json) => p.from_date === FROM && p.to_date === TO)).toBe(true);

    const original = (await call('GET', `/api/campaign/${standardId}`, null)).json();
    expect(original.type).toBe('standard');
    expect(original.products.every((p: Json) => p.from_date === null)).toBe(true);
    const saved = (await call('GET', '/api/saved_campaigns/', alice)).json();
    expect(saved.data[0].id).toBe(data.id);
  });

  it('lists saved campaigns most recently saved first', async () => {
    const a = (await create(alice, { name: 'A', products: [{ product_id: p1.id }] })).json().data;
    const b = (await create(alice, { name: 'B', products: [{ product_id: p2.id }] })).json().data;
    ctx.clock.advance(60_000);
    expect((await save(alice, { campaign_id: a.id, products: dated(p1.id) })).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await save(alice, { campaign_id: b.id, products: dated(p2.id) })).statusCode).toBe(200);
    let ids = (await call('GET', '/api/saved_campaigns/', alice)).json().data.map((s: Json) => s.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    ctx.clock.advance(60_000);
    expect((await save(alice, { campaign_id: a.id, products: dated(p1.id) })).statusCode).toBe(200);
    ids = (await call('GET', '/api/saved_campaigns/', alice)).json().data.map((s: Json) => s.id);
    expect(ids[0]).toBe(a.id);
  });

  it('answers 404 for an unknown campaign', async () => {
    const res = await save(alice, { campaign_id: 987_654, products: dated(p1.id) });
    expect(res.statusCode).toBe(404);
  });
});

describe("another user's campaign", () => {
  it('answers 404 to every call and never shows up in their list', async () => {
    const { data: mine } = (await create(alice, { name: 'Private', products: dated(p1.id) })).json();
    expect((await save(alice, { campaign_id: mine.id, products: dated(p1.id) })).statusCode).toBe(200);

    const get = await call('GET', `/api/customized_campaign/${mine.id}/`, bob);
    expect(get.statusCode).toBe(404);
    const getNoSlash = await call('GET', `/api/customized_campaign/${mine.id}`, bob);
    expect(getNoSlash.statusCode).toBe(404);
    const saveTheirs = await save(bob, { campaign_id: mine.id, name: 'Stolen', products: dated(p1.id) });
    expect(saveTheirs.statusCode).toBe(404);
    const bobs = (await call('GET', '/api/saved_campaigns/', bob)).json();
    expect(bobs.data).toEqual([]);

    // Alice's campaign is as she left it.
    const still = (await call('GET', `/api/customized_campaign/${mine.id}/`, alice)).json();
    expect(still.name).toBe('Private');
  });

  it('does not serve standard campaigns or unknown ids as customized ones', async () => {
    expect((await call('GET', `/api/customized_campaign/${standardId}/`, alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/customized_campaign/999999/', alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/customized_campaign/abc/', alice)).statusCode).toBe(400);
  });
});

describe('concurrent saves', () => {
  it('two saves of one campaign at once both succeed and one set of dates wins whole', async () => {
    const { data: c } = (
      await create(alice, { name: 'Race', products: [{ product_id: p1.id }, { product_id: p2.id }] })
    ).json();
    const later = [
      { product_id: p1.id, from_date: '2027-01-01', to_date: '2027-01-08' },
      { product_id: p2.id, from_date: '2027-01-01', to_date: '2027-01-08' },
    ];
    const [r1, r2] = await Promise.all([
      save(alice, { campaign_id: c.id, products: dated(p1.id, p2.id) }),
      save(alice, { campaign_id: c.id, products: later }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const final = (await call('GET', `/api/customized_campaign/${c.id}/`, alice)).json();
    const starts = new Set(final.products.map((p: Json) => p.from_date));
    expect(starts.size).toBe(1);
  });
});
