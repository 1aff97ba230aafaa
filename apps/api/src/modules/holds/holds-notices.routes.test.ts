import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Factory, type Site, testJobs } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { notifications } from '../../db/schema.ts';
import { DAY, FROM, holdsSuite, TO } from './holds.test-setup.ts';

/** Who waits on a hold is told (decision 084): the holder, and the buyer who asked for its dates. */
describe('holds: who waits is told', () => {
  let ctx: TestContext;
  let make: Factory;
  let site: Site;
  const { again, noticesOf, myHolds, release } = holdsSuite((s) => {
    ({ ctx, make, site } = s);
  });
  it('an asked-for hold that lapses unbooked tells its holder and the buyer who asked, once each', async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    const asker = await make.buyer();
    expectStatus(await make.call(asker, 'POST', `/api/holds/${made.id}/request`));
    const jobs = testJobs(ctx);
    await jobs.runDueJobs();
    expect(await noticesOf('hold_dates_free', [asker.phone])).toEqual([]);
    ctx.clock.advance(DAY + 60_000);
    await jobs.runDueJobs();
    await jobs.runDueJobs();
    const free = await noticesOf('hold_dates_free', [asker.phone, holder.phone]);
    expect(free.map((n) => [n.channel, n.recipient])).toEqual([['sms', asker.phone]]);
    expect(free[0].payload).toMatchObject({ siteName: 'Worli Sea Face Gantry', fromDate: FROM, toDate: TO });
    expect((await noticesOf('hold_expired', [holder.phone, asker.phone])).map((n) => n.recipient)).toEqual([
      holder.phone,
    ]);
  });

  it('an asked-for hold released by its holder tells the buyer who asked at once; the holder hears nothing', async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    const asker = await make.buyer();
    expectStatus(await make.call(asker, 'POST', `/api/holds/${made.id}/request`));
    expectStatus(await release(holder, made.id));
    expectStatus(await release(holder, made.id));
    await testJobs(ctx).runDueJobs();
    const free = await noticesOf('hold_dates_free', [asker.phone, holder.phone]);
    expect(free.map((n) => [n.channel, n.recipient])).toEqual([['sms', asker.phone]]);
    expect(await noticesOf('hold_expired', [holder.phone])).toEqual([]);
  });

  it('a hold released with nobody asking tells nobody', async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    expectStatus(await release(holder, made.id));
    const all = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, holder.phone));
    expect(all.filter((n) => n.template.startsWith('hold_'))).toEqual([]);
  });

  it('asking for held dates tells the holder once and gives them 24 hours; then the hold lapses', async () => {
    const holder = await make.buyer();
    const made = await make.hold(holder, site, { from: FROM, to: TO });
    const asker = await make.buyer();
    const product = expectStatus<{ holds: Array<{ id: number }> }>(
      await make.call(asker, 'GET', `/api/product/${site.id}`),
    );
    expect(product.holds.map((h) => h.id)).toEqual([made.id]);
    const asked = expectStatus<{ status: string; expires_at: string }>(
      await make.call(asker, 'POST', `/api/holds/${made.id}/request`),
    );
    expect(asked).toMatchObject({
      status: 'requested',
      expires_at: new Date(ctx.clock.now().getTime() + DAY).toISOString(),
    });
    // Asking again, or a third buyer asking, tells nobody anything new; the holder cannot ask themself.
    expectStatus(await make.call(asker, 'POST', `/api/holds/${made.id}/request`));
    expectStatus(await make.call(await make.buyer(), 'POST', `/api/holds/${made.id}/request`));
    expectStatus(await make.call(holder, 'POST', `/api/holds/${made.id}/request`), 409);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.template, 'hold_requested'), eq(notifications.recipient, holder.phone)));
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told[0].payload)).not.toContain(asker.phone);
    const renew = expectStatus<{ error: { code: string } }>(
      await make.call(holder, 'POST', `/api/holds/${made.id}/renew`),
      409,
    );
    expect(renew.error.code).toBe('hold_requested');

    ctx.clock.advance(DAY);
    const [holderNow, askerNow] = [await again(holder), await again(asker)];
    // Before the sweep runs, the asker can already hold the dates: the lapsed hold stops counting.
    const theirs = await make.hold(askerNow, site, { from: FROM, to: TO });
    expect((await myHolds(holderNow)).results.find((h) => h.id === made.id)?.status).toBe('expired');
    expectStatus(await make.call(askerNow, 'POST', `/api/holds/${made.id}/request`), 404);
    // The sweep then tells the holder; the asker, who holds the dates now, is not told they are free.
    await testJobs(ctx).runDueJobs();
    expect((await noticesOf('hold_expired', [holder.phone])).length).toBe(1);
    expect(await noticesOf('hold_dates_free', [asker.phone])).toEqual([]);
    expectStatus(await release(askerNow, theirs.id));
  });
});
