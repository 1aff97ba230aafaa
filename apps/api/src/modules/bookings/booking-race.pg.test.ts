import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAndPay, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { lockSiteOccupancy } from '../../db/booking-occupancy.ts';
import { bookings, orders } from '../../db/schema.ts';

type Rows<T> = { rows: T[] };

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

  it("racing placements queue for the site, never for each other's uncommitted holds, so none deadlocks", async () => {
    // The EXCLUDE check inserts first and then waits for any uncommitted overlapping row. Placements that
    // waited on each other's holds deadlocked whenever two inserted at the same instant; PostgreSQL broke
    // one such deadlock per deadlock_timeout (1 s), every placement waiting on the site joined the next one,
    // and under CI load 50 racing buyers held all 20 connections for minutes and answered 500. Here the
    // same instant is staged: a placement holding the site writes a hold, the crowd arrives, and it writes
    // a second one - the write that used to close a deadlock with every waiter.
    const db = ctx.database.db;
    const site = await insertProduct(db, { name: 'Crowded Gantry' });
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => tokenFor(ctx, 4100 + i)));
    const activity = async () =>
      (
        (await db.execute(
          sql`SELECT wait_event FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )) as unknown as Rows<{ wait_event: string }>
      ).rows.map((r) => r.wait_event);
    let crowdWaiting!: () => void;
    const crowd = new Promise<void>((resolve) => {
      crowdWaiting = resolve;
    });
    let firstHold!: () => void;
    const firstWritten = new Promise<void>((resolve) => {
      firstHold = resolve;
    });
    const rival = db.transaction(async (tx) => {
      await lockSiteOccupancy(tx, [site.id]);
      await tx
        .insert(bookings)
        .values({ productId: site.id, period: '[2026-12-05,2026-12-06)', status: 'confirmed' });
      firstHold();
      await crowd;
      await tx
        .insert(bookings)
        .values({ productId: site.id, period: '[2026-12-04,2026-12-05)', status: 'confirmed' });
    });
    await firstWritten;
    const attempts = tokens.map((token) =>
      bookAndPay(ctx, token, [line(site.id, '2026-12-01', '2026-12-08')], 10_500),
    );
    let waits: string[] = [];
    try {
      for (;;) {
        waits = await activity();
        if (waits.length >= tokens.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      crowdWaiting();
    }
    // Waiting for the site (an advisory lock), not for the rival's uncommitted row (its transaction id).
    expect(waits.filter((w) => w !== 'advisory')).toEqual([]);
    await rival;
    const results = await Promise.all(attempts);
    expect(results.map((r) => r.booked.statusCode)).toEqual(tokens.map(() => 409));
    for (const { booked } of results) {
      expect(booked.json().error.code).toBe('sites_unavailable');
      expect(booked.json().error.message).toContain('Crowded Gantry');
    }
    const rows = await db.select().from(bookings).where(eq(bookings.productId, site.id));
    expect(rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
  });
});
