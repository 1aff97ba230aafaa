import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { bookings, orders } from '../../db/schema.ts';
import { bookAndPay, line, tokenFor } from './booking-test-helpers.ts';

/**
 * The database, not the pre-check, is the judge: a rival insert the pre-check cannot see yet (uncommitted)
 * makes our insert wait on the EXCLUDE constraint, and its commit turns into 409 sites_unavailable.
 * Needs a second connection, so it runs on PostgreSQL only: *.pg.test.ts files are left out of the PGlite
 * project (PGlite is one connection and cannot interleave).
 */
describe('the EXCLUDE constraint decides a true race', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 409 naming the site when a concurrent hold commits first, with nothing written', async () => {
    const db = ctx.database.db;
    const site = await insertProduct(db, { name: 'Raced Bridge' });
    const token = await tokenFor(ctx, 4000);
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted!: () => void;
    const rivalInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const rival = db.transaction(async (tx) => {
      await tx
        .insert(bookings)
        .values({ productId: site.id, period: '[2026-12-03,2026-12-10)', status: 'confirmed' });
      inserted();
      await gate;
    });
    await rivalInserted;
    const attempt = bookAndPay(ctx, token, [line(site.id, '2026-12-01', '2026-12-08')], 10_500);
    // Wait until our insert is blocked on the rival's uncommitted row, then let the rival commit.
    for (;;) {
      const waiting = await db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((waiting as unknown as { rows: Array<{ n: number }> }).rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    commit();
    await rival;
    const { booked } = await attempt;
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error.code).toBe('sites_unavailable');
    expect(booked.json().error.message).toContain('Raced Bridge');
    expect(await db.select().from(orders)).toHaveLength(0);
    const rows = await db.select().from(bookings).where(eq(bookings.productId, site.id));
    expect(rows.map((r) => r.status)).toEqual(['confirmed']);
  });
});
