import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBooking, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { checkRanges } from './availability.service.ts';

const URL = '/api/booking/booking_availability_check_multiple';

describe('POST /api/booking/booking_availability_check_multiple', () => {
  let ctx: TestContext;
  let p: number;
  let q: number;
  const check = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: URL, payload: payload as object });
  const item = (product_id: number, from_date: string, to_date: string) => ({
    product_id,
    from_date,
    to_date,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    p = (await insertProduct(db)).id;
    q = (await insertProduct(db)).id;
    const now = ctx.clock.now().getTime();
    await insertBooking(db, p, '2026-12-01', '2026-12-08');
    await insertBooking(db, q, '2027-01-01', '2027-01-10', 'held', new Date(now + 5 * 60_000));
    await insertBooking(db, q, '2027-02-01', '2027-02-10', 'held', new Date(now - 1));
    await insertBooking(db, q, '2027-03-01', '2027-03-10', 'cancelled');
  });
  afterAll(() => ctx.close());

  const statuses = async (items: object[]) => {
    const res = await check(items);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { status: boolean }) => r.status);
  };

  it('a confirmed booking makes overlapping ranges unavailable; back-to-back ranges stay available', async () => {
    expect(await statuses([item(p, '2026-12-05', '2026-12-10')])).toEqual([false]);
    expect(await statuses([item(p, '2026-11-30', '2026-12-02')])).toEqual([false]);
    expect(await statuses([item(p, '2026-11-01', '2027-01-01')])).toEqual([false]);
    // [1,8) is booked: [8,15) and [24,1) sit back to back with it.
    expect(await statuses([item(p, '2026-12-08', '2026-12-15')])).toEqual([true]);
    expect(await statuses([item(p, '2026-11-24', '2026-12-01')])).toEqual([true]);
  });

  it('a live hold blocks; an expired hold and a cancelled booking do not', async () => {
    expect(await statuses([item(q, '2027-01-09', '2027-01-12')])).toEqual([false]);
    expect(await statuses([item(q, '2027-02-01', '2027-02-10')])).toEqual([true]);
    expect(await statuses([item(q, '2027-03-01', '2027-03-10')])).toEqual([true]);
  });

  it('the live hold frees its dates once the clock passes its expiry', async () => {
    const before = ctx.clock.now();
    try {
      ctx.clock.advance(5 * 60_000);
      expect(await statuses([item(q, '2027-01-09', '2027-01-12')])).toEqual([true]);
    } finally {
      ctx.clock.set(before);
    }
  });

  it('an unknown product is unavailable', async () => {
    expect(await statuses([item(999_999, '2026-12-10', '2026-12-20')])).toEqual([false]);
  });

  it('answers one entry per item, sorted by product_id', async () => {
    const res = await check([
      item(999_999, '2026-12-10', '2026-12-20'),
      item(q, '2027-01-01', '2027-01-02'),
      item(p, '2026-12-10', '2026-12-20'),
      item(p, '2026-12-01', '2026-12-02'),
    ]);
    expect(res.json()).toEqual({
      data: [
        { product_id: p, status: true },
        { product_id: p, status: false },
        { product_id: q, status: false },
        { product_id: 999_999, status: false },
      ],
    });
  });

  it('takes up to 200 entries in one request', async () => {
    const items = Array.from({ length: 200 }, (_, i) => item(i % 2 ? p : q, '2026-12-08', '2026-12-15'));
    const res = await check(items);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ product_id: number; status: boolean }>;
    expect(data).toHaveLength(200);
    expect(data.map((d) => d.product_id)).toEqual([...Array(100).fill(p), ...Array(100).fill(q)]);
    expect(data.every((d) => d.status)).toBe(true);
  });

  it.each([
    [
      '201 entries',
      Array.from({ length: 201 }, () => ({ product_id: 1, from_date: '2026-12-08', to_date: '2026-12-15' })),
      'body',
    ],
    ['an empty list', [], 'body'],
    [
      'an object instead of a list',
      { product_id: 1, from_date: '2026-12-08', to_date: '2026-12-15' },
      'body',
    ],
    [
      'to_date not after from_date',
      [{ product_id: 1, from_date: '2026-12-08', to_date: '2026-12-08' }],
      '0.to_date',
    ],
    [
      'an impossible date',
      [{ product_id: 1, from_date: '2026-02-30', to_date: '2026-03-15' }],
      '0.from_date',
    ],
    ['year 0000', [{ product_id: 1, from_date: '0000-01-01', to_date: '2026-03-15' }], '0.from_date'],
    [
      'a product_id as text',
      [{ product_id: '1', from_date: '2026-12-08', to_date: '2026-12-15' }],
      '0.product_id',
    ],
    [
      'a product_id beyond the id range',
      [{ product_id: 99999999999, from_date: '2026-12-08', to_date: '2026-12-15' }],
      '0.product_id',
    ],
    ['a missing to_date', [{ product_id: 1, from_date: '2026-12-08' }], '0.to_date'],
  ])('%s: 400 naming %s', async (_label, payload, field) => {
    const res = await check(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('malformed JSON: 400 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json' },
      payload: '[{"product_id": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('checkRanges (for the booking module) answers in the order given', async () => {
    const free = await checkRanges(ctx.database.db, ctx.clock, [
      item(q, '2027-01-01', '2027-01-02'),
      item(p, '2026-12-08', '2026-12-15'),
      item(999_999, '2026-12-08', '2026-12-15'),
      item(p, '2026-12-07', '2026-12-15'),
    ]);
    expect(free).toEqual([false, true, false, false]);
    expect(await checkRanges(ctx.database.db, ctx.clock, [])).toEqual([]);
  });

  it('checkRanges answers false, never an error, for ranges the route schema would refuse', async () => {
    const free = await checkRanges(ctx.database.db, ctx.clock, [
      item(p, '2026-12-15', '2026-12-10'),
      item(p, '2026-12-10', '2026-12-10'),
      item(1.5, '2026-12-10', '2026-12-20'),
      item(p, '2026-02-30', '2026-12-20'),
      item(p, '0000-01-01', '2026-12-20'),
      item(p, "2026-12-10'}", '2026-12-20'),
      item(p, '2026-12-10', '2026-12-20'),
    ]);
    expect(free).toEqual([false, false, false, false, false, false, true]);
  });

  it('keeps an answer for the same ranges until a booking changes, and the dev key reads the database', async () => {
    const site = (await insertProduct(ctx.database.db)).id;
    const ranges = [item(site, '2027-05-01', '2027-05-05')];
    const first = await check(ranges);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.json().data).toEqual([{ product_id: site, status: true }]);
    // On PostgreSQL the notices of the insert above and of earlier tests' writes travel over another
    // connection, one by one, and each drops the answers kept so far; which of the next requests they land
    // between is not ours to know. So the pair below (the same ranges, then the same ranges spaced out) is
    // asked until both are answered from one kept entry: once the notices have all arrived, both are hits.
    const { again, spaced } = await vi.waitFor(
      async () => {
        const again = await check(ranges);
        expect(again.headers['x-cache']).toBe('hit');
        const spaced = await ctx.app.inject({
          method: 'POST',
          url: URL,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(ranges, null, 2),
        });
        expect(spaced.headers['x-cache']).toBe('hit');
        return { again, spaced };
      },
      { timeout: 5000, interval: 20 },
    );
    expect(again.body).toBe(first.body);
    // Answered after validation through the reply: the same bytes, the headers every answer carries.
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(spaced.body).toBe(first.body);

    // A booking anywhere moves the catalogue generation (its trigger's NOTIFY; on PostgreSQL it arrives
    // on the listening connection shortly after the commit): the kept answer is not served again.
    const generation = ctx.app.catalogueCache.generation;
    await insertBooking(ctx.database.db, site, '2027-05-03', '2027-05-04');
    await vi.waitFor(() => expect(ctx.app.catalogueCache.generation).not.toBe(generation));
    const after = await check(ranges);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().data).toEqual([{ product_id: site, status: false }]);

    const bypass = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
      payload: ranges,
    });
    expect(bypass.headers['x-cache']).toBe('bypass');
    expect(bypass.json().data).toEqual([{ product_id: site, status: false }]);
  });
});
