import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory } from '../../../test/factory.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { lockSiteOccupancy } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { bookings, orders } from '../../db/schema.ts';

/**
 * A block and a buyer's booking for the same days at the same moment: the EXCLUDE constraint lets exactly
 * one through and the other answers 409. Needs several connections, so PostgreSQL only (*.pg.test.ts).
 */
let ctx: TestContext;
let make: Factory;
let n = 9000;
const next = () => {
  n += 1;
  return n;
};
beforeAll(async () => {
  ctx = await createTestApp();
  make = factory(ctx);
});
afterAll(() => ctx.close());

const block = (token: string, siteId: number, from: string, to: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/partner/sites/${siteId}/blocks`,
    headers: bearer(token),
    payload: { from_date: from, to_date: to, reason: 'Sold offline' },
  });
const live = (db: Db, siteId: number) =>
  db
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.productId, siteId))
    .then((rows) => rows.map((r) => r.status).filter((s) => s !== 'cancelled'));

/** Runs `rival` in a transaction that stays open until `attempt` waits on its row, then commits it. */
async function interleave(db: Db, rival: (tx: Db) => Promise<unknown>, attempt: () => Promise<unknown>) {
  let commit!: () => void;
  const gate = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let inserted!: () => void;
  const rivalInserted = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const rivalTx = db.transaction(async (tx) => {
    await rival(tx);
    inserted();
    await gate;
  });
  await rivalInserted;
  const pending = attempt();
  for (;;) {
    const waiting = await db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((waiting as unknown as { rows: Array<{ n: number }> }).rows[0].n > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  commit();
  await rivalTx;
  return pending;
}

describe('blocks race on PostgreSQL', () => {
  it('a block and a booking at once, ten times over: exactly one wins each time, the other is 409', async () => {
    const owner = await make.ownerRow();
    for (let round = 0; round < 10; round += 1) {
      const site = await make.siteRow(owner);
      const buyer = await tokenFor(ctx, next());
      const [blocked, booked] = await Promise.all([
        block(owner.admin.token, site.id, '2026-12-06', '2026-12-08'),
        book(ctx, buyer, [line(site.id, '2026-12-01', '2026-12-08')], 10_500),
      ]);
      const codes = [blocked.statusCode, booked.statusCode].sort();
      expect(codes, `${blocked.body} ${booked.body}`).toEqual(
        blocked.statusCode === 201 ? [201, 409] : [200, 409],
      );
      if (blocked.statusCode === 409)
        expect(blocked.json().error.message).toContain("Held in a buyer's cart");
      else expect(booked.json().error.code).toBe('sites_unavailable');
      expect(await live(ctx.database.db, site.id)).toHaveLength(1);
    }
  });

  it('a block waiting on an uncommitted hold answers 409 naming the hold once the hold commits', async () => {
    const owner = await make.ownerRow();
    const site = await make.siteRow(owner);
    const res = (await interleave(
      ctx.database.db,
      (tx) =>
        tx.insert(bookings).values({
          productId: site.id,
          period: '[2026-12-03,2026-12-10)',
          status: 'held',
          holdExpiresAt: new Date(ctx.clock.now().getTime() + 15 * 60_000),
        }),
      () => block(owner.admin.token, site.id, '2026-12-01', '2026-12-04'),
    )) as Awaited<ReturnType<typeof block>>;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("Held in a buyer's cart until 12:15");
    expect(await live(ctx.database.db, site.id)).toEqual(['held']);
  });

  it('a booking waiting on an uncommitted block answers 409 once the block commits; no order is left', async () => {
    const owner = await make.ownerRow();
    const site = await make.siteRow(owner, { name: 'Raced Gantry' });
    const buyer = await tokenFor(ctx, next());
    const ordersBefore = (await ctx.database.db.select().from(orders)).length;
    const res = (await interleave(
      ctx.database.db,
      (tx) =>
        tx.insert(bookings).values({
          productId: site.id,
          period: '[2026-12-03,2026-12-10)',
          status: 'blocked',
          blockReason: 'Works',
        }),
      () => book(ctx, buyer, [line(site.id, '2026-12-01', '2026-12-08')], 10_500),
    )) as Awaited<ReturnType<typeof book>>;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('sites_unavailable');
    expect(res.json().error.message).toContain('Raced Gantry');
    expect((await ctx.database.db.select().from(orders)).length).toBe(ordersBefore);
    expect(await live(ctx.database.db, site.id)).toEqual(['blocked']);
  });

  /** What a placement does inside its transaction: queue for the sites, then write its hold. */
  const placeHold = (siteId: number) => async (tx: Db) => {
    await lockSiteOccupancy(tx, [siteId]);
    await tx.insert(bookings).values({
      productId: siteId,
      period: '[2026-12-03,2026-12-10)',
      status: 'held',
      holdExpiresAt: new Date(ctx.clock.now().getTime() + 15 * 60_000),
    });
  };

  it("a block arriving while a placement holds the site's lock queues behind it, then names the hold", async () => {
    const owner = await make.ownerRow();
    const site = await make.siteRow(owner);
    const res = (await interleave(ctx.database.db, placeHold(site.id), () =>
      block(owner.admin.token, site.id, '2026-12-08', '2026-12-12'),
    )) as Awaited<ReturnType<typeof block>>;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("Held in a buyer's cart");
    expect(await live(ctx.database.db, site.id)).toEqual(['held']);
  });

  it('a bulk block over three sites, one mid-placement, waits for it and refuses the batch naming that site', async () => {
    const owner = await make.ownerRow();
    const sites = [await make.siteRow(owner), await make.siteRow(owner), await make.siteRow(owner)];
    const res = (await interleave(ctx.database.db, placeHold(sites[1].id), () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/partner/sites/bulk',
        headers: bearer(owner.admin.token),
        payload: {
          action: 'block',
          site_ids: sites.map((s) => s.id),
          from_date: '2026-12-01',
          to_date: '2026-12-05',
          reason: 'Sold offline',
        },
      }),
    )) as Awaited<ReturnType<typeof block>>;
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().error.fields)).toEqual(['site_ids.1']);
    expect(res.json().error.fields['site_ids.1']).toContain("Held in a buyer's cart");
    // All or nothing: the two free sites were not blocked either.
    expect(await live(ctx.database.db, sites[0].id)).toEqual([]);
    expect(await live(ctx.database.db, sites[1].id)).toEqual(['held']);
    expect(await live(ctx.database.db, sites[2].id)).toEqual([]);
  });

  it('two blocks over the same days at once: one 201, one 409', async () => {
    const owner = await make.ownerRow();
    for (let round = 0; round < 5; round += 1) {
      const site = await make.siteRow(owner);
      const results = await Promise.all([
        block(owner.admin.token, site.id, '2026-12-01', '2026-12-10'),
        block(owner.admin.token, site.id, '2026-12-05', '2026-12-15'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error.message).toContain('Already blocked');
      expect(await live(ctx.database.db, site.id)).toEqual(['blocked']);
    }
  });
});
