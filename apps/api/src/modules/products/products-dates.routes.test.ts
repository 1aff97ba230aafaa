import type { Product } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBooking, insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * Free for my dates (docs/product-rules.md section 12 and 16): available_from/available_to on GET /api/product/ and
 * /api/product/ids. The clock says 2026-11-22 (IST), so the earliest start is 2026-11-29.
 */
describe('GET /api/product/ free for dates', () => {
  let ctx: TestContext;
  let site: Record<string, number>;
  const get = (url: string, cached = false) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: cached ? {} : { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
    });
  const page = async (url: string, cached = false) => {
    const res = await get(url, cached);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as { count: number; results: Product[]; next: string | null };
  };
  const ids = async (url: string) => (await page(url)).results.map((p) => p.id);
  const week = 'available_from=2026-12-10&available_to=2026-12-17';

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const cat = await insertCategories(db);
    const at = async (name: string, extra = {}) => (await insertProduct(db, { name, ...extra })).id;
    site = {
      free: await at('Always free'),
      booked: await at('Booked over the week'),
      held: await at('Held at checkout'),
      expiredHold: await at('Hold ran out'),
      blocked: await at('Blocked by its owner', { categoryId: cat.Hoarding }),
      endsOnFirstDay: await at('Booking ends on the first day'),
      startsOnLastDay: await at('Booking starts on the last day'),
      startsAfterLastDay: await at('Booking starts the day after', { state: 'Goa' }),
      cancelled: await at('Cancelled booking'),
      longBooked: await at('Booked all month'),
      paused: await at('Paused site', { status: 'paused' }),
    };
    const later = new Date(ctx.clock.now().getTime() + 10 * 60_000);
    const earlier = new Date(ctx.clock.now().getTime() - 60_000);
    await insertBooking(db, site.booked, '2026-12-10', '2026-12-20');
    await insertBooking(db, site.held, '2026-12-01', '2026-12-15', 'held', later);
    await insertBooking(db, site.expiredHold, '2026-12-01', '2026-12-30', 'held', earlier);
    await insertBooking(db, site.blocked, '2026-12-12', '2026-12-13', 'blocked');
    await insertBooking(db, site.endsOnFirstDay, '2026-12-01', '2026-12-10');
    await insertBooking(db, site.startsOnLastDay, '2026-12-16', '2026-12-20');
    await insertBooking(db, site.startsAfterLastDay, '2026-12-17', '2026-12-25');
    await insertBooking(db, site.cancelled, '2026-12-10', '2026-12-17', 'cancelled');
    await insertBooking(db, site.longBooked, '2026-11-20', '2027-01-10');
  });
  afterAll(() => ctx.close());

  it('lists only the sites no booking, live hold or block touches in [from, to), with an exact count', async () => {
    const expected = [
      site.free,
      site.expiredHold,
      site.endsOnFirstDay,
      site.startsAfterLastDay,
      site.cancelled,
    ];
    const list = await page(`/api/product/?${week}`);
    expect(list.results.map((p) => p.id)).toEqual(expected);
    expect(list.count).toBe(5);
    for (const p of list.results) expect([p.free_from, p.free_to]).toEqual(['2026-12-10', '2026-12-17']);
    const all = await ctx.app.inject({ method: 'GET', url: `/api/product/ids?${week}` });
    expect(all.json()).toEqual({ count: 5, ids: expected });
  });

  it('works with every other filter, paging and the page links', async () => {
    expect(await ids(`/api/product/?${week}&state=Goa`)).toEqual([site.startsAfterLastDay]);
    expect(await ids(`/api/product/?${week}&category=Hoarding`)).toEqual([]);
    expect(await ids(`/api/product/?${week}&search=booking`)).toEqual([
      site.endsOnFirstDay,
      site.startsAfterLastDay,
      site.cancelled,
    ]);
    const first = await page(`/api/product/?${week}&page_size=2`);
    expect(first.count).toBe(5);
    expect(first.next).toBe(`/api/product/?page=2&page_size=2&${week}`);
    // Without dates every live site is listed.
    expect((await page('/api/product/')).count).toBe(10);
  });

  it('flexible also offers each site its nearest free range of the same length within 7 days', async () => {
    const list = await page(`/api/product/?${week}&flexible=true`);
    const offered = Object.fromEntries(list.results.map((p) => [p.id, [p.free_from, p.free_to]]));
    expect(list.count).toBe(9);
    expect(offered[site.free]).toEqual(['2026-12-10', '2026-12-17']);
    // Booked 10-20 Dec: a week ending on the 10th is the nearest (7 days earlier).
    expect(offered[site.booked]).toEqual(['2026-12-03', '2026-12-10']);
    // Held until the 15th: five days later.
    expect(offered[site.held]).toEqual(['2026-12-15', '2026-12-22']);
    // Blocked on the 12th only: three days later is nearer than five days earlier.
    expect(offered[site.blocked]).toEqual(['2026-12-13', '2026-12-20']);
    // Booked from the last day: one day earlier.
    expect(offered[site.startsOnLastDay]).toEqual(['2026-12-09', '2026-12-16']);
    expect(offered[site.longBooked]).toBeUndefined();
  });

  it('never moves a flexible range before the earliest start (7 days from today)', async () => {
    // Asked 30 Nov - 6 Dec: the held site (1-15 Dec) would be free 6 days earlier, from 24 Nov, before the
    // earliest start (29 Nov), and 15 days later is too far: not offered.
    const list = await page('/api/product/?available_from=2026-11-30&available_to=2026-12-07&flexible=true');
    const offered = Object.fromEntries(list.results.map((p) => [p.id, [p.free_from, p.free_to]]));
    expect(offered[site.held]).toBeUndefined();
    expect(offered[site.expiredHold]).toEqual(['2026-11-30', '2026-12-07']);
    expect(offered[site.booked]).toEqual(['2026-11-30', '2026-12-07']);
    // Booked 1-10 Dec: free again 10 days later, beyond the 7 of flexible.
    expect(offered[site.endsOnFirstDay]).toBeUndefined();
  });

  it('refuses half a range, a reversed one, one over a year and flexible without dates (400)', async () => {
    for (const [query, field] of [
      ['available_from=2026-12-10', 'available_to'],
      ['available_to=2026-12-10', 'available_from'],
      ['available_from=2026-12-10&available_to=2026-12-10', 'available_to'],
      ['available_from=2026-12-10&available_to=2028-12-10', 'available_to'],
      ['available_from=2026-02-30&available_to=2026-12-10', 'available_from'],
      ['flexible=true', 'flexible'],
      [`${week}&flexible=yes`, 'flexible'],
    ]) {
      const res = await get(`/api/product/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toContain(field);
    }
  });

  it('a cached date query follows a new booking', async () => {
    const url = `/api/product/?${week}&state=Goa`;
    expect((await page(url, true)).count).toBe(1);
    await insertBooking(ctx.database.db, site.startsAfterLastDay, '2026-12-14', '2026-12-15', 'blocked');
    // The bookings trigger's notice drops the cached answers (on PostgreSQL it arrives a moment later).
    await vi.waitFor(async () => expect((await page(url, true)).count).toBe(0), {
      timeout: 5000,
      interval: 20,
    });
  });
});
