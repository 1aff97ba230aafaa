import { addDays, type ProductAvailability } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { bookings } from '../../db/schema.ts';

/**
 * GET /api/product/{id}/availability (DESIGN sections 20 and 22, issue 48). The clock says 2026-11-22 06:30
 * UTC, 12:00 in IST: the calendar starts on 2026-11-22 and 12 months run to 2027-11-21.
 */
describe('GET /api/product/{id}/availability', () => {
  let ctx: TestContext;
  let site: number;
  const uncached = () => ({ 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! });
  const calendar = async (id: number, query = '') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/${id}/availability${query}`,
      headers: uncached(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProductAvailability;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    site = (await insertProduct(db, { name: 'Seeded calendar site', bookingDuration: 7, minDays: 7 })).id;
    const now = ctx.clock.now().getTime();
    const live = new Date(now + 10 * 60_000);
    const lapsed = new Date(now - 60_000);
    // A year of rows of every kind, back to back where they touch, one started before today and one
    // running past the calendar's end.
    let day = addDays('2026-11-22', -5);
    const kinds = [
      ['confirmed'],
      ['blocked'],
      ['held', live],
      ['cancelled'],
      ['held', lapsed],
      ['confirmed'],
    ] as const;
    for (let i = 0; day < '2027-12-10'; i++) {
      const length = 3 + ((i * 7) % 11);
      const [status, expiry] = kinds[i % kinds.length] as readonly [
        'confirmed' | 'blocked' | 'held' | 'cancelled',
        Date?,
      ];
      await insertBooking(db, site, day, addDays(day, length), status, expiry);
      // Every third row is followed by a free gap, the others touch the next one.
      day = addDays(day, length + (i % 3 === 0 ? 4 : 0));
    }
  });
  afterAll(() => ctx.close());

  it('agrees day by day with the booking rows for 12 months', async () => {
    const { days } = await calendar(site);
    expect(days).toHaveLength(365);
    expect(days[0].date).toBe('2026-11-22');
    expect(days.at(-1)?.date).toBe('2027-11-21');
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.productId, site));
    const now = ctx.clock.now();
    const expected = (date: string) => {
      const on = rows.filter((r) => {
        const [from, to] = (r.period as string).slice(1, -1).split(',');
        return from <= date && date < to;
      });
      for (const r of on) {
        if (r.status === 'confirmed') return 'booked';
        if (r.status === 'blocked') return 'blocked';
        if (r.status === 'held' && r.holdExpiresAt && r.holdExpiresAt > now) return 'held';
      }
      return 'free';
    };
    for (let i = 0; i < days.length; i++) {
      expect(days[i], days[i].date).toEqual({
        date: addDays('2026-11-22', i),
        state: expected(days[i].date),
      });
    }
    // Every state appears: the comparison above is not of an empty calendar.
    expect(new Set(days.map((d) => d.state))).toEqual(new Set(['free', 'held', 'booked', 'blocked']));
  });

  it('answers the months asked, 12 by default', async () => {
    expect((await calendar(site, '?months=1')).days.map((d) => d.date).at(-1)).toBe('2026-12-21');
    expect((await calendar(site, '?months=12')).days).toHaveLength(365);
  });

  it('a site with nothing booked is free every day', async () => {
    const empty = (await insertProduct(ctx.database.db, { name: 'Empty' })).id;
    const { days } = await calendar(empty, '?months=3');
    expect(days).toHaveLength(92); // 22 Nov to 21 Feb
    expect(days.every((d) => d.state === 'free')).toBe(true);
  });

  it('refuses months out of 1..12 (400) and answers 404 for an unknown or unlisted site', async () => {
    for (const months of ['0', '13', 'abc', '1.5', '-1']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/product/${site}/availability?months=${months}`,
      });
      expect(res.statusCode, months).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), months).toContain('months');
    }
    const paused = (await insertProduct(ctx.database.db, { status: 'paused' })).id;
    for (const id of [paused, 999_999]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/product/${id}/availability` });
      expect(res.statusCode, String(id)).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product/abc/availability' })).statusCode).toBe(
      400,
    );
  });

  it('is cacheable HTTP like the other catalogue reads (ETag, 304)', async () => {
    const url = `/api/product/${site}/availability`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
