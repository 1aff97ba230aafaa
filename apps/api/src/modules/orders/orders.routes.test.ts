import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, bookAndPay, checkout, line, tokenFor, withGst } from '../../../test/api-calls.ts';
import { insertProduct, insertStandardCampaign } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/** Bookings must start 7 days ahead, so orders are placed early and the clock then moves to "today". */
describe('GET /api/booked_campaigns/', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  const placedAt = new Date('2026-11-22T06:30:00Z');
  beforeAll(async () => {
    ctx = await createTestApp({ now: placedAt });
    alice = await tokenFor(ctx, 41);
    bob = await tokenFor(ctx, 42);
    const db = ctx.database.db;
    const [a, b, c, d] = await Promise.all([
      insertProduct(db, { name: 'Site A' }),
      insertProduct(db, { name: 'Site B' }),
      insertProduct(db, { name: 'Site C' }),
      insertProduct(db, { name: 'Site D' }),
    ]);
    const campaign = await insertStandardCampaign(db, [a.id, b.id], { name: 'Blitz' });
    // One order, two campaign groups: "Blitz" (A and B, 1-8 Dec and 3-12 Dec) and "Site C" on its own.
    const blitz = await bookAndPay(
      ctx,
      alice,
      [
        line(a.id, '2026-12-01', '2026-12-08', campaign.id),
        line(b.id, '2026-12-03', '2026-12-12', campaign.id),
        line(c.id, '2026-12-20', '2026-12-27'),
      ],
      10_500 + 13_500 + 10_500,
    );
    expect(blitz.confirmed?.statusCode).toBe(200);
    // Unpaid orders, cash or online, show up while they hold their sites; bob's order does not.
    const cash = (await book(ctx, alice, [line(d.id, '2026-12-10', '2026-12-17')], 10_500)).json();
    expect((await checkout(ctx, alice, cash.order_id, 'cash')).statusCode).toBe(200);
    expect((await book(ctx, alice, [line(d.id, '2026-12-01', '2026-12-08')], 10_500)).statusCode).toBe(200);
    expect(
      (await bookAndPay(ctx, bob, [line(d.id, '2027-01-01', '2027-01-08')], 10_500)).confirmed?.statusCode,
    ).toBe(200);
  });
  afterAll(() => ctx.close());

  const fetchAt = async (instant: string, who = 41) => {
    ctx.clock.set(new Date(instant));
    // Tokens last an hour: sign in again at that moment.
    const token = await tokenFor(ctx, who);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/booked_campaigns/',
      headers: bearer(token),
    });
    ctx.clock.set(placedAt);
    return res;
  };
  const names = (list: Array<{ name: string }>) => list.map((c) => c.name).sort();

  it('groups paid lines per order and campaign name with totals and the outer dates', async () => {
    const res = await fetchAt('2026-11-22T06:40:00Z');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(names(data.upcoming_campaigns)).toEqual(['Blitz', 'Site C', 'Site D', 'Site D']);
    expect(data.ongoing_campaigns).toEqual([]);
    expect(data.completed_campaigns).toEqual([]);
    const blitz = data.upcoming_campaigns.find((c: { name: string }) => c.name === 'Blitz');
    expect(blitz).toMatchObject({
      campaign: { name: 'Blitz' },
      price: 24_000,
      from_date: '2026-12-01',
      to_date: '2026-12-12',
      status: 'paid',
      refunded: 0,
      reserved_until: null,
      live_sites: 2,
    });
    // Totals with GST: the two groups of the order add up to what was charged, to the paisa.
    const siteC = data.upcoming_campaigns.find((c: { name: string }) => c.name === 'Site C');
    expect(Math.round((blitz.total + siteC.total) * 100)).toBe(withGst(34_500_00));
    expect(blitz.net).toBe(blitz.total);
    expect(blitz.total).toBeGreaterThan(blitz.price);
    expect(blitz.items.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual([
      ['Site A', 10_500],
      ['Site B', 13_500],
    ]);
    const unpaid = data.upcoming_campaigns.filter((c: { name: string }) => c.name === 'Site D');
    const cash = unpaid.find((c: { status: string }) => c.status === 'awaiting_payment');
    const online = unpaid.find((c: { status: string }) => c.status === 'pending_payment');
    // Unpaid: the amount to pay with GST, until when the sites are held, lines "held" (never booked).
    for (const o of [cash, online]) {
      expect(o).toMatchObject({ total: withGst(10_500_00) / 100, net: 0, refunded: 0 });
      expect(o.reserved_until).toEqual(expect.any(String));
      expect(o.items.map((i: { status: string }) => i.status)).toEqual(['held']);
    }
    expect(cash.payment_method).toBe('cash');
  });

  it('sorts by today in India: a group is ongoing from its first day and completed on its end date', async () => {
    // 2026-11-30T18:30Z is already 1 December in IST: Blitz has started.
    const started = (await fetchAt('2026-11-30T18:30:00Z')).json().data;
    expect(names(started.ongoing_campaigns)).toEqual(['Blitz']);
    expect(names(started.upcoming_campaigns)).toEqual(['Site C']);
    // One minute earlier it is still 30 November in IST (and the cash order's hold has lapsed).
    const before = (await fetchAt('2026-11-30T18:29:00Z')).json().data;
    expect(names(before.upcoming_campaigns)).toEqual(['Blitz', 'Site C']);
    // Blitz ends (exclusive) on 12 December IST.
    const ended = (await fetchAt('2026-12-11T18:30:00Z')).json().data;
    expect(names(ended.completed_campaigns)).toEqual(['Blitz']);
    expect(names(ended.upcoming_campaigns)).toEqual(['Site C']);
  });

  it("shows only the caller's orders and needs a token", async () => {
    const bobs = (await fetchAt('2026-11-22T06:40:00Z', 42)).json().data;
    expect(names(bobs.upcoming_campaigns)).toEqual(['Site D']);
    expect(bobs.upcoming_campaigns[0].status).toBe('paid');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/booked_campaigns/' })).statusCode).toBe(401);
  });
});
