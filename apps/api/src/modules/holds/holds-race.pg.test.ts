import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory, type Person } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { bookings, notifications } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { expireLapsedOptions } from '../orders/order-records.service.ts';
import { expireHolds } from './holds.service.ts';

/**
 * Holds racing on PostgreSQL (several connections at once; *.pg.test.ts files are left out of the PGlite
 * project): each race has exactly one winner, and what the database keeps agrees with the answers.
 */
describe('holds race with one winner', () => {
  let ctx: TestContext;
  let make: Factory;
  const FROM = '2027-01-04';
  const TO = '2027-01-11';
  const DAY = 86_400_000;

  beforeAll(async () => {
    ctx = await createFactoryApp({ env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    make = factory(ctx);
  });
  afterAll(() => ctx.close());

  const hold = (who: Person, productId: number, from = FROM, to = TO) =>
    make.call(who, 'POST', '/api/holds', { product_id: productId, from_date: from, to_date: to });
  const liveRows = (productId: number) =>
    ctx.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.productId, productId), ne(bookings.status, 'cancelled')));

  it('eight buyers hold the same dates at once: one hold, seven 409s naming the site', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Bandra Kurla Gantry' });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => make.buyer()));
    const answers = await Promise.all(
      buyers.map((b, i) => hold(b, site.id, FROM, i % 2 ? TO : '2027-01-12')),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().error.code).toBe('sites_unavailable');
      expect(a.json().error.message).toContain('Bandra Kurla Gantry');
    }
    const rows = await liveRows(site.id);
    expect(rows.map((r) => r.status)).toEqual(['option']);
    expect(rows[0].id).toBe(answers.find((a) => a.statusCode === 201)!.json().id);
  });

  it('a hold and a checkout of the same dates at once: exactly one of them gets the site', async () => {
    for (let round = 0; round < 4; round++) {
      const site = await insertProduct(ctx.database.db, { name: `Racing Lamp Post ${round}` });
      const [holder, payer] = [await make.buyer(), await make.buyer()];
      const [held, booked] = await Promise.all([
        hold(holder, site.id),
        make.call(payer, 'POST', '/api/booking/book', {
          // insertProduct's sites cost 1,500 rupees a day.
          amount: 1500 * 7,
          data: [{ product_id: site.id, from_date: FROM, to_date: TO, customized: false }],
        }),
      ]);
      const wins = [held.statusCode === 201, booked.statusCode === 200];
      expect(wins.filter(Boolean), `round ${round}: ${held.body} / ${booked.body}`).toHaveLength(1);
      const loser = wins[0] ? booked : held;
      expect(loser.statusCode).toBe(409);
      expect(loser.json().error.message).toContain(`Racing Lamp Post ${round}`);
      const rows = await liveRows(site.id);
      expect(rows.map((r) => r.status)).toEqual([wins[0] ? 'option' : 'held']);
    }
  });

  it('one buyer at 19 held sites holding three more at once: only one of them is held', async () => {
    const buyer = await make.buyer();
    const sites = await Promise.all(
      Array.from({ length: 22 }, (_, i) => insertProduct(ctx.database.db, { name: `Cap Post ${i}` })),
    );
    for (const s of sites.slice(0, 19)) expectStatus(await hold(buyer, s.id), 201);
    const answers = await Promise.all(sites.slice(19).map((s) => hold(buyer, s.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().error.code).toBe('too_many_holds');
  });

  it('renewing twice at once renews once', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Twice Renewed Post' });
    const buyer = await make.buyer();
    const made = expectStatus<{ id: number }>(await hold(buyer, site.id), 201);
    const answers = await Promise.all(
      [1, 2].map(() => make.call(buyer, 'POST', `/api/holds/${made.id}/renew`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('already_renewed');
  });

  it('expiry sweeps running at once free each lapsed hold exactly once', async () => {
    // Only this test's holds lapse: earlier tests' holds are released first.
    await ctx.database.db
      .update(bookings)
      .set({ status: 'cancelled', optionEnded: 'released' })
      .where(eq(bookings.status, 'option'));
    const sites = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertProduct(ctx.database.db, { name: `Sweep Post ${i}` })),
    );
    const buyer = await make.buyer();
    for (const s of sites) expectStatus(await hold(buyer, s.id), 201);
    const now = new Date(ctx.clock.now().getTime() + 3 * DAY);
    // A sweep (another process) has taken the first rows and not committed yet: the others skip them.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let took!: (n: number) => void;
    const taken = new Promise<number>((resolve) => {
      took = resolve;
    });
    const slow = inTransaction(ctx.database.db, async (tx) => {
      const rows = await expireLapsedOptions(tx, now, 5);
      took(rows.length);
      await gate;
      return rows.length;
    });
    expect(await taken).toBe(5);
    const fast = await Promise.all([expireHolds(ctx.database.db, now), expireHolds(ctx.database.db, now)]);
    release();
    const counts = [await slow, ...fast.map((r) => r.expired)];
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    // The last pass finds nothing left to free, and tells the holder of the slow sweep's rows, which
    // committed after the fast passes looked (decision 084).
    expect((await expireHolds(ctx.database.db, now)).expired).toBe(0);
    expect(await expireHolds(ctx.database.db, now)).toEqual({ expired: 0, told: 0 });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.template, 'hold_expired'), eq(notifications.recipient, buyer.phone)));
    // Each lapsed hold told its holder once (by SMS; this buyer has no email), whichever pass freed it.
    expect(told).toHaveLength(12);
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.productId,
          sites.map((s) => s.id),
        ),
      );
    expect(rows.map((r) => [r.status, r.optionEnded])).toEqual(sites.map(() => ['cancelled', 'expired']));
  });
});
