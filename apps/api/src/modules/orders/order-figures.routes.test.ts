import type { OrderDetail } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactoryApp, expectStatus, type Factory, factory } from '../../../test/factory.ts';
import type { TestContext } from '../../../test/test-app.ts';

/**
 * Decision 089: GET /api/orders/{id} carries the order's plan figures (impressions over each booked line's
 * days, CPM over the booked prices before GST, reach and frequency estimates), by the shared rule the cart
 * and the plan exports use; a line without an audience figure counts in none of them.
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
});
