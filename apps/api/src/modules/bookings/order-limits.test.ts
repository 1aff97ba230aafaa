import { MAX_SITES_PER_ORDER, MAX_UNPAID_ORDERS } from '@ooh/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, bookAndPay, checkout, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

// The clock stands at 2026-11-22 12:00 IST. Test sites cost ₹1,500 a day, 7 days at least.
const START = '2026-12-01';
const END = '2026-12-08';
const WEEK_PRICE = 10_500;
const HOUR = 3_600_000;

describe('nobody locks inventory for free (docs/product-rules.md section 3)', () => {
  let ctx: TestContext;
  let buyer: string;
  let buyers = 500;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    buyer = await tokenFor(ctx, ++buyers);
  });

  const placeOne = async (token = buyer) => {
    const site = await insertProduct(ctx.database.db);
    return book(ctx, token, [line(site.id, START, END)], WEEK_PRICE);
  };

  it(`a buyer has at most ${MAX_UNPAID_ORDERS} unpaid orders at once, online or cash; the next is a 409 writing nothing`, async () => {
    const db = ctx.database.db;
    const placed = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) {
      const res = await placeOne();
      expect(res.statusCode).toBe(200);
      placed.push(res.json().order_id as number);
    }
    expect((await checkout(ctx, buyer, placed[0], 'cash')).statusCode).toBe(200);
    expect((await checkout(ctx, buyer, placed[1], 'online')).statusCode).toBe(200);
    const site = await insertProduct(db);
    const before = await snapshot(db);
    const fourth = await book(ctx, buyer, [line(site.id, START, END)], WEEK_PRICE);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toEqual({
      code: 'too_many_unpaid_orders',
      message: expect.stringMatching(/^You already have 3 unpaid orders\. Please pay for one of them/),
    });
    expect(await snapshot(db)).toEqual(before);
    // Someone else is not affected.
    expect((await placeOne(await tokenFor(ctx, ++buyers))).statusCode).toBe(200);
  });

  it('placing the same cart again replaces the open order rather than counting as another', async () => {
    const db = ctx.database.db;
    const sites = [await insertProduct(db), await insertProduct(db), await insertProduct(db)];
    const first = [];
    for (const site of sites)
      first.push((await book(ctx, buyer, [line(site.id, START, END)], WEEK_PRICE)).json());
    const again = await book(ctx, buyer, [line(sites[2].id, START, END)], WEEK_PRICE);
    expect(again.statusCode).toBe(200);
    expect((await orderRow(db, first[2].order_id)).status).toBe('cancelled');
  });

  it('a paid order or a lapsed hold frees a place', async () => {
    const db = ctx.database.db;
    const paidSite = await insertProduct(db);
    const { confirmed } = await bookAndPay(ctx, buyer, [line(paidSite.id, START, END)], WEEK_PRICE);
    expect(confirmed?.statusCode).toBe(200);
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) expect((await placeOne()).statusCode).toBe(200);
    expect((await placeOne()).statusCode).toBe(409);
    ctx.clock.advance(16 * 60_000);
    try {
      // Lapsed but not yet swept: they hold nothing, so they do not count.
      expect((await placeOne()).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-16 * 60_000);
    }
  });

  it('placements racing each other still leave at most 3 unpaid orders', async () => {
    const db = ctx.database.db;
    expect((await placeOne()).statusCode).toBe(200);
    const sites = await Promise.all([1, 2, 3, 4].map(() => insertProduct(db)));
    const results = await Promise.all(
      sites.map((site) => book(ctx, buyer, [line(site.id, START, END)], WEEK_PRICE)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
  });

  it(`an order holds at most ${MAX_SITES_PER_ORDER} sites: more is a 400 saying so`, async () => {
    const db = ctx.database.db;
    const sites = [];
    for (let i = 0; i <= MAX_SITES_PER_ORDER; i++) sites.push(await insertProduct(db));
    const lines = sites.map((s) => line(s.id, START, END));
    const before = await snapshot(db);
    const tooMany = await book(ctx, buyer, lines, WEEK_PRICE * lines.length);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/at most 50 sites/);
    expect(await snapshot(db)).toEqual(before);
    const fifty = await book(ctx, buyer, lines.slice(1), WEEK_PRICE * MAX_SITES_PER_ORDER);
    expect(fifty.statusCode).toBe(200);
    expect(fifty.json().items).toHaveLength(MAX_SITES_PER_ORDER);
  });

  it('a cash hold lasts 48 hours from placing; choosing cash again never moves it; paying online shortens it to the online window, for good', async () => {
    const db = ctx.database.db;
    const placedAt = ctx.clock.now().getTime();
    const order = (await placeOne()).json();
    ctx.clock.advance(10 * 60_000);
    const until = placedAt + 48 * HOUR;
    try {
      const cash = await checkout(ctx, buyer, order.order_id, 'cash');
      expect(Date.parse(cash.json().expires_at)).toBe(until);
      ctx.clock.advance(47 * HOUR);
      buyer = await tokenFor(ctx, buyers); // the session token lasts an hour; the buyer signs in again
      const again = await checkout(ctx, buyer, order.order_id, 'cash');
      expect(Date.parse(again.json().expires_at)).toBe(until);
      // Issue 20 item 8: Pay online on a cash order opens the 15-minute window; the 48-hour hold is gone.
      const window = ctx.clock.now().getTime() + 15 * 60_000;
      const online = await checkout(ctx, buyer, order.order_id, 'online');
      expect(Date.parse(online.json().expires_at)).toBe(window);
      // Choosing cash again never extends it back.
      const back = await checkout(ctx, buyer, order.order_id, 'cash');
      expect(Date.parse(back.json().expires_at)).toBe(window);
      expect((await orderRow(db, order.order_id)).expiresAt.getTime()).toBe(window);
      expect((await bookingsOf(db, order.order_id)).map((b) => b.holdExpiresAt?.getTime())).toEqual([window]);
      ctx.clock.advance(HOUR);
      buyer = await tokenFor(ctx, buyers);
      const late = await checkout(ctx, buyer, order.order_id, 'cash');
      expect([late.statusCode, late.json().error.code]).toEqual([409, 'order_expired']);
    } finally {
      ctx.clock.advance(-(10 * 60_000 + 48 * HOUR));
    }
  });
});

describe('CASH_HOLD_HOURS', () => {
  it('sets how long a cash order holds its sites from placing', async () => {
    const ctx = await createTestApp({ env: { CASH_HOLD_HOURS: '24' } });
    try {
      const buyer = await tokenFor(ctx, 1);
      const site = await insertProduct(ctx.database.db);
      const placedAt = ctx.clock.now().getTime();
      const order = (await book(ctx, buyer, [line(site.id, START, END)], WEEK_PRICE)).json();
      ctx.clock.advance(5 * 60_000);
      const cash = await checkout(ctx, buyer, order.order_id, 'cash');
      expect(Date.parse(cash.json().expires_at)).toBe(placedAt + 24 * HOUR);
    } finally {
      await ctx.close();
    }
  });
});
