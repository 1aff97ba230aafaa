import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, line, phoneOf, post, tokenFor } from '../../../test/api-calls.ts';
import { insertBooking, insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { campaigns, users } from '../../db/schema.ts';
import { releaseExpiredHolds } from './hold-sweeper.ts';

// The clock stands at 2026-11-22 12:00 IST: the earliest start is 2026-11-29. Sites cost ₹1,500 a day.
const START = '2026-12-01';
const END = '2026-12-08';
const WEEK_PRICE = 10_500;

describe('booking: validate, book and holds', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  // Every test its own buyers: a buyer may hold at most 3 unpaid orders at once.
  let buyers = 100;
  beforeEach(async () => {
    alice = await tokenFor(ctx, ++buyers);
    bob = await tokenFor(ctx, ++buyers);
  });

  const validate = (data: unknown, token: string | null = null) =>
    post(ctx, '/api/booking/validate', token, data);

  describe('POST /api/booking/validate', () => {
    it('answers status true when every line is a valid, free range', async () => {
      const site = await insertProduct(ctx.database.db);
      const res = await validate([line(site.id, START, END), line(site.id, END, '2026-12-15')]);
      expect(res.statusCode).toBe(200);
      // SPEC section 7: clients read `status` at the top of the body; the prices the cart then shows and
      // sends as `amount` come with it (decision 081), here the daily price x days of each line.
      const answer = res.json();
      expect(answer.status).toBe(true);
      expect(answer.prices).toHaveLength(2);
      expect(answer.amount).toBe(answer.prices[0] + answer.prices[1]);
    });

    it('names each problem line with a reason and a message', async () => {
      const db = ctx.database.db;
      const taken = await insertProduct(db, { name: 'Taken Site' });
      const long = await insertProduct(db, { name: 'Long Site', minDays: 10, bookingDuration: '10 days' });
      const fine = await insertProduct(db);
      await insertBooking(db, taken.id, '2026-12-05', '2026-12-12');
      const res = await validate([
        line(fine.id, START, END),
        line(taken.id, START, END),
        line(long.id, START, END),
        line(fine.id, '2026-11-25', '2026-12-02'),
        line(999_999, START, END),
        line(fine.id, '2026-12-03', '2026-12-10'),
      ]);
      expect(res.statusCode).toBe(200);
      const data = res.json();
      expect(Object.keys(data).sort()).toEqual(['status', 'unavailable']);
      expect(data.status).toBe(false);
      expect(
        data.unavailable.map((u: { product_id: number; reason: string }) => [u.product_id, u.reason]),
      ).toEqual([
        [taken.id, 'booked'],
        [long.id, 'shorter_than_minimum'],
        [fine.id, 'start_too_soon'],
        [999_999, 'not_found'],
        [fine.id, 'overlaps_cart_item'],
      ]);
      expect(data.unavailable[0]).toMatchObject({ name: 'Taken Site', from_date: START, to_date: END });
      expect(data.unavailable[0].message).toMatch(/booked/);
      expect(data.unavailable[3].name).toBeNull();
    });

    it('treats back-to-back ranges and lapsed holds as free, live holds as taken', async () => {
      const db = ctx.database.db;
      const site = await insertProduct(db);
      const now = ctx.clock.now().getTime();
      await insertBooking(db, site.id, '2026-11-24', START);
      await insertBooking(db, site.id, END, '2026-12-15', 'held', new Date(now + 60_000));
      await insertBooking(db, site.id, '2026-12-15', '2026-12-22', 'held', new Date(now - 1));
      expect((await validate([line(site.id, START, END)])).json().status).toBe(true);
      expect((await validate([line(site.id, '2026-12-15', '2026-12-22')])).json().status).toBe(true);
      const live = await validate([line(site.id, '2026-12-10', '2026-12-17')]);
      expect(live.json().unavailable[0].reason).toBe('booked');
    });

    it("does not count the caller's own open order against them", async () => {
      const site = await insertProduct(ctx.database.db);
      expect((await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).statusCode).toBe(200);
      expect((await validate([line(site.id, START, END)], alice)).json().status).toBe(true);
      expect((await validate([line(site.id, START, END)], bob)).json().status).toBe(false);
      expect((await validate([line(site.id, START, END)])).json().status).toBe(false);
    });

    it('refuses malformed bodies with 400', async () => {
      expect((await validate([])).statusCode).toBe(400);
      expect((await validate([{ product_id: 1, from_date: '2026-02-30', to_date: END }])).statusCode).toBe(
        400,
      );
      const many = Array.from({ length: 201 }, () => line(1, START, END));
      expect((await validate(many)).statusCode).toBe(400);
    });
  });

  describe('POST /api/booking/book', () => {
    it('places an order with server prices and holds every site for 15 minutes', async () => {
      const db = ctx.database.db;
      const a = await insertProduct(db, { name: 'Site A' });
      const b = await insertProduct(db, { name: 'Site B', pricePaise: 123_456 });
      const campaign = await insertStandardCampaign(db, [a.id], { name: 'Mumbai Blitz' });
      const amount = 10_500 + 1234.56 * 14;
      const res = await book(
        ctx,
        alice,
        [line(a.id, START, END, campaign.id), line(b.id, START, '2026-12-15')],
        amount,
      );
      expect(res.statusCode).toBe(200);
      const order = res.json();
      expect(order).toEqual({
        order_id: expect.any(Number),
        amount: 27_783.84,
        status: 'pending_payment',
        expires_at: new Date(ctx.clock.now().getTime() + 15 * 60_000).toISOString(),
        items: [
          {
            product_id: a.id,
            name: 'Site A',
            campaign_id: campaign.id,
            campaign_name: 'Mumbai Blitz',
            from_date: START,
            to_date: END,
            days: 7,
            price: 10_500,
          },
          {
            product_id: b.id,
            name: 'Site B',
            campaign_id: null,
            campaign_name: 'Site B',
            from_date: START,
            to_date: '2026-12-15',
            days: 14,
            price: 17_283.84,
          },
        ],
      });
      const holds = await bookingsOf(db, order.order_id);
      expect(holds.map((h) => [h.productId, h.status, h.period])).toEqual([
        [a.id, 'held', `[${START},${END})`],
        [b.id, 'held', `[${START},2026-12-15)`],
      ]);
      expect(holds[0].holdExpiresAt?.toISOString()).toBe(order.expires_at);
      // The order records its taxes from the buyer's billing state (Maharashtra = COMPANY_STATE): CGST and
      // SGST are 9 % of the subtotal each, rounded half up (250,054.56 -> 250,055 paise).
      expect(await orderRow(db, order.order_id)).toMatchObject({
        subtotalPaise: 2_778_384,
        cgstPaise: 250_055,
        sgstPaise: 250_055,
        igstPaise: 0,
        amountPaise: 3_278_494,
        placeOfSupply: 'Maharashtra',
      });
    });

    it('needs a token', async () => {
      const site = await insertProduct(ctx.database.db);
      expect((await book(ctx, '', [line(site.id, START, END)], WEEK_PRICE)).statusCode).toBe(401);
    });

    it('refuses a total the buyer did not see with 409 price_changed, writing nothing', async () => {
      const site = await insertProduct(ctx.database.db);
      const before = await snapshot(ctx.database.db);
      const res = await book(ctx, alice, [line(site.id, START, END)], 9_000);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'price_changed', fields: { amount: '10500' } });
      expect(await snapshot(ctx.database.db)).toEqual(before);
    });

    it('refuses invalid lines with 400 naming the line, writing nothing', async () => {
      const db = ctx.database.db;
      const site = await insertProduct(db);
      const other = await insertProduct(db);
      const customized = await db
        .insert(campaigns)
        .values({ type: 'customized', name: "Bob's own", userId: await userIdOf(2) })
        .returning();
      const before = await snapshot(db);
      const tooSoon = await book(
        ctx,
        alice,
        [line(site.id, START, END), line(other.id, '2026-11-23', '2026-12-01')],
        21_000,
      );
      expect(tooSoon.statusCode).toBe(400);
      expect(Object.keys(tooSoon.json().error.fields)).toEqual(['data.1']);
      expect(tooSoon.json().error.message).toMatch(/at least 7 days from today/);
      const overlapping = await book(
        ctx,
        alice,
        [line(site.id, START, END), line(site.id, '2026-12-05', '2026-12-12')],
        21_000,
      );
      expect(overlapping.json().error.fields).toHaveProperty(['data.1']);
      const unknown = await book(ctx, alice, [line(424_242, START, END)], WEEK_PRICE);
      expect(unknown.statusCode).toBe(400);
      const notMine = await book(ctx, alice, [line(site.id, START, END, customized[0].id)], WEEK_PRICE);
      expect(notMine.statusCode).toBe(400);
      expect(notMine.json().error.fields['data.0']).toMatch(/campaign/);
      expect(await snapshot(db)).toEqual(before);
    });

    it('refuses taken sites with 409 sites_unavailable naming them, writing nothing', async () => {
      const db = ctx.database.db;
      const site = await insertProduct(db, { name: 'Busy Corner' });
      const free = await insertProduct(db, { name: 'Quiet Lane' });
      expect((await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).statusCode).toBe(200);
      const before = await snapshot(db);
      const res = await book(
        ctx,
        bob,
        [line(free.id, START, END), line(site.id, '2026-12-07', '2026-12-14')],
        21_000,
      );
      expect(res.statusCode).toBe(409);
      const { error } = res.json();
      expect(error.code).toBe('sites_unavailable');
      expect(error.message).toContain('Busy Corner');
      expect(error.message).not.toContain('Quiet Lane');
      expect(Object.keys(error.fields)).toEqual(['data.1']);
      expect(await snapshot(db)).toEqual(before);
    });

    it('books back-to-back ranges of one site for two buyers', async () => {
      const site = await insertProduct(ctx.database.db);
      expect((await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).statusCode).toBe(200);
      expect((await book(ctx, bob, [line(site.id, END, '2026-12-15')], WEEK_PRICE)).statusCode).toBe(200);
      expect(
        (await book(ctx, alice, [line(site.id, '2026-12-15', '2026-12-22')], WEEK_PRICE)).statusCode,
      ).toBe(200);
    });

    it("replaces the buyer's own earlier open order for the same dates", async () => {
      const db = ctx.database.db;
      const site = await insertProduct(db);
      const first = (await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).json();
      const second = await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE);
      expect(second.statusCode).toBe(200);
      expect((await orderRow(db, first.order_id)).status).toBe('cancelled');
      expect((await bookingsOf(db, first.order_id)).map((b) => b.status)).toEqual(['cancelled']);
      expect((await bookingsOf(db, second.json().order_id)).map((b) => b.status)).toEqual(['held']);
    });

    it('frees the site for another buyer once the hold lapses (16 minutes later)', async () => {
      const db = ctx.database.db;
      const site = await insertProduct(db);
      const first = (await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).json();
      expect((await book(ctx, bob, [line(site.id, START, END)], WEEK_PRICE)).statusCode).toBe(409);
      ctx.clock.advance(16 * 60_000);
      try {
        const res = await book(ctx, bob, [line(site.id, START, END)], WEEK_PRICE);
        expect(res.statusCode).toBe(200);
        expect((await orderRow(db, first.order_id)).status).toBe('expired');
        expect((await bookingsOf(db, first.order_id)).map((b) => b.status)).toEqual(['cancelled']);
      } finally {
        ctx.clock.advance(-16 * 60_000);
      }
    });
  });

  describe('releaseExpiredHolds', () => {
    it('expires lapsed orders and releases their holds, leaving live ones', async () => {
      const db = ctx.database.db;
      const site = await insertProduct(db);
      const lapsed = (await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).json();
      ctx.clock.advance(10 * 60_000);
      const live = (await book(ctx, bob, [line(site.id, END, '2026-12-15')], WEEK_PRICE)).json();
      ctx.clock.advance(6 * 60_000);
      try {
        const released = await releaseExpiredHolds(db, ctx.clock.now());
        expect(released.orders).toBeGreaterThanOrEqual(1);
        expect((await orderRow(db, lapsed.order_id)).status).toBe('expired');
        expect((await bookingsOf(db, lapsed.order_id))[0].status).toBe('cancelled');
        expect((await orderRow(db, live.order_id)).status).toBe('pending_payment');
        expect((await bookingsOf(db, live.order_id))[0].status).toBe('held');
        expect((await validate([line(site.id, START, END)])).json().status).toBe(true);
        expect((await releaseExpiredHolds(db, ctx.clock.now())).orders).toBe(0);
      } finally {
        ctx.clock.advance(-16 * 60_000);
      }
    });
  });

  async function userIdOf(n: number): Promise<number> {
    await post(ctx, '/api/booking/validate', await tokenFor(ctx, n), [line(1, START, END)]);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, phoneOf(n)));
    return row.id;
  }

  it('documents the booking, payment and order routes in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/booking/validate',
      '/api/booking/book',
      '/api/booking/checkout',
      '/api/booking/confirm',
      '/api/payments/razorpay/webhook',
      '/api/booked_campaigns/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
