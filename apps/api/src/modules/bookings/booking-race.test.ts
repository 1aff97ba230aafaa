import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAndPay, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { bookings, orders, payments } from '../../db/schema.ts';

/**
 * "No site is ever booked twice" under load: on PostgreSQL the attempts really run at once (pool of 20),
 * on PGlite they serialise; either way the EXCLUDE constraint lets exactly one through.
 */
describe('fifty buyers race for one site', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('exactly one book-and-pay wins; every other attempt gets a clear 409 and no 5xx', async () => {
    const db = ctx.database.db;
    const site = await insertProduct(db, { name: 'Contested Hoarding' });
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => tokenFor(ctx, 1000 + i)));
    // Three staggered ranges that all overlap one another.
    const ranges = [
      ['2026-12-01', '2026-12-08'],
      ['2026-12-02', '2026-12-09'],
      ['2026-12-03', '2026-12-10'],
    ];
    const results = await Promise.all(
      tokens.map((token, i) => {
        const [from, to] = ranges[i % 3];
        return bookAndPay(ctx, token, [line(site.id, from, to)], 10_500);
      }),
    );

    const all = results.flatMap((r) => [r.booked, r.out, r.confirmed].filter((x) => x !== undefined));
    expect(all.filter((r) => r.statusCode >= 500)).toEqual([]);
    const winners = results.filter((r) => r.confirmed?.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(winners[0].confirmed?.json()).toEqual({ data: 'Payment Success' });
    const losers = results.filter((r) => r.booked.statusCode !== 200);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.booked.statusCode).toBe(409);
      expect(loser.booked.json().error.code).toBe('sites_unavailable');
      expect(loser.booked.json().error.message).toContain('Contested Hoarding');
    }

    const confirmed = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.productId, site.id), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(1);
    const live = await db.select().from(bookings).where(eq(bookings.productId, site.id));
    expect(live).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.status, 'paid'))).toHaveLength(1);
    expect(await db.select().from(payments)).toHaveLength(1);
  });

  it('back-to-back ranges booked at the same moment both succeed', async () => {
    const site = await insertProduct(ctx.database.db);
    const [a, b] = await Promise.all([tokenFor(ctx, 2001), tokenFor(ctx, 2002)]);
    const results = await Promise.all([
      bookAndPay(ctx, a, [line(site.id, '2026-12-01', '2026-12-08')], 10_500),
      bookAndPay(ctx, b, [line(site.id, '2026-12-08', '2026-12-15')], 10_500),
    ]);
    expect(results.map((r) => r.confirmed?.json())).toEqual([
      { data: 'Payment Success' },
      { data: 'Payment Success' },
    ]);
  });

  it('two buyers taking two sites in opposite order: one wins both, nobody deadlocks', async () => {
    const db = ctx.database.db;
    const x = await insertProduct(db);
    const y = await insertProduct(db);
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => tokenFor(ctx, 3000 + i)));
    const results = await Promise.all(
      tokens.map((token, i) => {
        const lines = [line(x.id, '2026-12-01', '2026-12-08'), line(y.id, '2026-12-01', '2026-12-08')];
        return bookAndPay(ctx, token, i % 2 ? lines.reverse() : lines, 21_000);
      }),
    );
    expect(results.filter((r) => r.booked.statusCode >= 500)).toEqual([]);
    expect(results.filter((r) => r.confirmed?.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.booked.statusCode === 409)).toHaveLength(9);
  });
});
