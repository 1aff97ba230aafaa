import type { Product } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Site } from '../../../test/factory.ts';
import { insertBooking } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';

/**
 * Issue 48: free for my dates lists only sites that can be booked for exactly the dates asked (free on every
 * day and at least their minimum booking long), and each one then books through the real route. The clock
 * says 2026-11-22 (IST): the earliest start is 2026-11-29.
 */
describe('free for my dates lists only what can be booked', () => {
  let ctx: TestContext;
  let f: Factory;
  const from = '2026-12-10';
  const to = '2026-12-17';
  const week = `available_from=${from}&available_to=${to}`;
  let sites: Record<string, Site & { price: number }>;

  const list = async (query: string) => {
    const res = await f.call(null, 'GET', `/api/product/?${query}&page_size=50`, undefined, {
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
    });
    return expectStatus<{ payload: { count: number; results: Product[] } }>(res).payload;
  };

  beforeAll(async () => {
    ctx = await createFactoryApp();
    f = factory(ctx);
    const owner = await f.owner();
    const at = async (minimum: number, price = 4500) => ({
      ...(await f.site(owner, 'live', { booking_duration: minimum, price, name: `Site min ${minimum}` })),
      price,
    });
    sites = {
      week: await at(7),
      five: await at(5, 3000),
      fortnight: await at(14),
      month: await at(30),
      bookedOver: await at(7),
      bookedAfter: await at(7, 2000),
      fortnightBlockedLater: await at(14),
    };
    const db = ctx.database.db;
    await insertBooking(db, sites.bookedOver.id, '2026-12-12', '2026-12-20');
    await insertBooking(db, sites.bookedAfter.id, to, '2026-12-30');
    // Free for the week, blocked from the 20th: a fortnight from the 10th does not fit, one ending on the 10th does.
    await insertBooking(db, sites.fortnightBlockedLater.id, '2026-12-20', '2027-01-05', 'blocked');
  });
  afterAll(() => ctx.close());

  it('lists for a 7-day range only the sites free on every day with a minimum of 7 days or less', async () => {
    const page = await list(week);
    const ids = page.results.map((p) => p.id);
    expect(ids).toEqual([sites.week.id, sites.five.id, sites.bookedAfter.id]);
    expect(page.count).toBe(3);
    for (const p of page.results) expect([p.free_from, p.free_to]).toEqual([from, to]);
    const all = expectStatus<{ count: number; ids: number[] }>(
      await f.call(null, 'GET', `/api/product/ids?${week}`),
    );
    expect(all).toEqual({ count: 3, ids });
    // The map counts as free what the list lists: the too-short sites are "partly" there.
    const map = expectStatus<{ count: number; clusters: Array<{ free: number; partly: number }> }>(
      await f.call(null, 'GET', `/api/product/clusters?zoom=12&${week}`),
    );
    expect(map.count).toBe(7);
    expect(map.clusters.reduce((sum, c) => sum + c.free, 0)).toBe(3);
  });

  it('books every listed site for exactly that range through /booking/book', async () => {
    const listed = (await list(week)).results;
    const byId = new Map(Object.values(sites).map((s) => [s.id, s]));
    const buyer = await f.buyer();
    const amount = listed.reduce((sum, p) => sum + (byId.get(p.id)?.price ?? 0) * 7, 0);
    const data = listed.map((p) => ({ product_id: p.id, from_date: from, to_date: to, customized: false }));
    const booked = expectStatus<{ order_id: number; items: unknown[] }>(
      await f.call(buyer, 'POST', '/api/booking/book', { amount, data }),
    );
    expect(booked.items).toHaveLength(listed.length);
    // Held now: the list no longer offers them for those dates.
    expect((await list(week)).count).toBe(0);
  });

  it('a site whose minimum is 14 days is refused for 7 by booking too, so it is rightly not listed', async () => {
    const buyer = await f.buyer();
    const res = await f.call(buyer, 'POST', '/api/booking/book', {
      amount: sites.fortnight.price * 7,
      data: [{ product_id: sites.fortnight.id, from_date: from, to_date: to, customized: false }],
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('flexible offers each site the nearest free range of its own minimum length, and that books', async () => {
    const page = await list(`${week}&flexible=true`);
    const offered = new Map(page.results.map((p) => [p.id, [p.free_from, p.free_to]]));
    // 14 days from the asked start.
    expect(offered.get(sites.fortnight.id)).toEqual(['2026-12-10', '2026-12-24']);
    expect(offered.get(sites.month.id)).toEqual(['2026-12-10', '2027-01-09']);
    // Blocked from the 20th: 14 days ending on the 20th start 6 days earlier (the 4th, after the earliest start).
    expect(offered.get(sites.fortnightBlockedLater.id)).toEqual(['2026-12-06', '2026-12-20']);
    expect(page.count).toBe(page.results.length);
    const buyer = await f.buyer();
    for (const site of [sites.fortnight, sites.fortnightBlockedLater]) {
      const [start, end] = offered.get(site.id) as [string, string];
      expectStatus(
        await f.call(buyer, 'POST', '/api/booking/book', {
          amount: site.price * 14,
          data: [{ product_id: site.id, from_date: start, to_date: end, customized: false }],
        }),
      );
    }
  });
});

describe('free_from without dates', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createFactoryApp();
  });
  afterAll(() => ctx.close());

  it('is the first start of the minimum booking of free days from the earliest start, on the list and the page', async () => {
    const f = factory(ctx);
    const owner = await f.owner();
    const week = await f.site(owner, 'live', { booking_duration: 7 });
    const fortnight = await f.site(owner, 'live', { booking_duration: 14 });
    const db = ctx.database.db;
    // Earliest start 29 Nov; booked 2-5 Dec: 7 days fit from 5 Dec, 14 only from 5 Dec too; blocked
    // 12-13 Dec on the fortnight site: its 14 days start on the 13th.
    await insertBooking(db, week.id, '2026-12-02', '2026-12-05');
    await insertBooking(db, fortnight.id, '2026-12-02', '2026-12-05');
    await insertBooking(db, fortnight.id, '2026-12-12', '2026-12-13', 'blocked');
    const list = expectStatus<{ payload: { results: Product[] } }>(
      await f.call(null, 'GET', '/api/product/?page_size=50'),
    ).payload.results;
    const freeFrom = new Map(list.map((p) => [p.id, [p.free_from, p.free_to]]));
    expect(freeFrom.get(week.id)).toEqual(['2026-12-05', undefined]);
    expect(freeFrom.get(fortnight.id)).toEqual(['2026-12-13', undefined]);
    const page = expectStatus<Product>(await f.call(null, 'GET', `/api/product/${fortnight.id}`));
    expect(page.free_from).toBe('2026-12-13');
  });
});
