import type { OrderDetail } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { orderItems } from '../../db/schema.ts';

/**
 * Decision 089: GET /api/orders/{id} carries the order's plan figures (impressions over each booked line's
 * days, CPM over the booked prices before GST, reach and frequency estimates), by the shared rule the cart
 * and the plan exports use; a line without an audience figure counts in none of them. Decision 091: each
 * line keeps its site's figure as booked; a later change of the site changes nothing on the order.
 */
describe('GET /api/orders/{id} plan figures', () => {
  let ctx: TestContext;
  let f: Factory;
  beforeAll(async () => {
    ctx = await createFactoryApp();
    f = factory(ctx);
  });
  afterAll(() => ctx.close());

  it("counts the lines with a figure, says how many, and answers another buyer's order with 404", async () => {
    const owner = await f.owner();
    const counted = await f.site(owner, 'live', { price: 4500, impression: 120_000 });
    const bare = await f.site(owner, 'live', { price: 2000, impression: undefined });
    const buyer = await f.buyer();
    const order = await f.order(buyer, [counted, bare]);
    const detail = expectStatus<OrderDetail>(await f.call(buyer, 'GET', `/api/orders/${order.id}`));
    // 7 days x 1,20,000 = 8,40,000 impressions; ₹31,500 before GST / 840 = ₹37.50 per thousand.
    expect(detail.figures).toMatchObject({
      impressions: 840_000,
      cpm: 37.5,
      cost: 31_500,
      lines: 2,
      lines_counted: 1,
      sources: ['owner_declared'],
    });
    expect(detail.figures.reach_estimate).toBeGreaterThan(0);
    expect(detail.figures.method).toMatch(/estimates/);
    const stranger = await f.buyer();
    expect((await f.call(stranger, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(404);
  });

  it("keeps each line's figure as booked when the owner changes the site's audience afterwards", async () => {
    const owner = await f.owner();
    const site = await f.site(owner, 'live', { price: 4500, impression: 120_000 });
    const buyer = await f.buyer();
    const order = await f.order(buyer, [site]);
    const before = expectStatus<OrderDetail>(await f.call(buyer, 'GET', `/api/orders/${order.id}`));
    expect(before.lines[0]).toMatchObject({
      audience_recorded: true,
      audience_at_booking: { daily_impressions: 120_000, source: 'owner_declared', verified: false },
    });
    expectStatus(
      await f.call(owner.admin, 'PATCH', `/api/partner/sites/${site.id}`, {
        impression: 300_000,
        audience_source: 'traffic_count',
        audience_measured_on: '2026-10',
      }),
    );
    const after = expectStatus<OrderDetail>(await f.call(buyer, 'GET', `/api/orders/${order.id}`));
    expect(after.figures).toEqual(before.figures);
    expect(after.figures).toMatchObject({ impressions: 840_000, sources: ['owner_declared'] });
    expect(after.lines[0].audience_at_booking).toEqual(before.lines[0].audience_at_booking);
    // The order's media plan (its exports and share link) reads the figure as booked too.
    const share = expectStatus<{ token: string }>(
      await f.call(buyer, 'POST', '/api/plans/share', { order_id: order.id }),
    );
    const shared = expectStatus<{ plan: { sites: Array<{ audience: unknown; line_impressions: number }> } }>(
      await f.call(null, 'GET', `/api/plans/shared/${share.token}`),
    );
    expect(shared.plan.sites[0]).toMatchObject({
      audience: { daily_impressions: 120_000, source: 'owner_declared' },
      line_impressions: 840_000,
    });
  });

  it('says a line booked before figures were kept is not recorded, and never lends it the current figure', async () => {
    const owner = await f.owner();
    const site = await f.site(owner, 'live', { price: 4500, impression: 120_000 });
    const buyer = await f.buyer();
    const order = await f.order(buyer, [site]);
    // A line booked before migration 0036: no API makes one any more, so the fixture clears what it kept.
    await ctx.database.db
      .update(orderItems)
      .set({ audienceRecorded: false, audienceDailyImpressions: null, audienceSource: null })
      .where(eq(orderItems.orderId, order.id));
    const detail = expectStatus<OrderDetail>(await f.call(buyer, 'GET', `/api/orders/${order.id}`));
    expect(detail.lines[0]).toMatchObject({ audience_recorded: false, audience_at_booking: null });
    expect(detail.figures).toMatchObject({
      impressions: 0,
      lines: 1,
      lines_counted: 0,
      lines_not_recorded: 1,
    });
  });
});
