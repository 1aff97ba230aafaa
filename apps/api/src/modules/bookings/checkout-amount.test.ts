import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orders } from '../../db/schema.ts';

/**
 * Issue 19: checkout could attach a provider order made for a stale amount - the order's taxes were
 * recorded again (another tab, a changed billing state) while the provider order was being made, and
 * the buyer was then asked to pay the old total. The provider order is now attached under the order's
 * row lock only if it charges the order's current total with GST; otherwise a new one is made.
 */
describe('checkout and a total that changes meanwhile', () => {
  let ctx: TestContext;
  let buyer: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    buyer = await tokenFor(ctx, 72);
  });
  afterAll(() => ctx.close());

  it('never attaches a provider order for an amount the order no longer has', async () => {
    const site = await insertProduct(ctx.database.db);
    const orderId = (await book(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500)).json()
      .order_id as number;
    const provider = ctx.app.deps.payments!;
    const original = provider.createOrder.bind(provider);
    const made: Array<{ id: string; amountPaise: number }> = [];
    provider.createOrder = async (input) => {
      const created = await original(input);
      made.push({ id: created.id, amountPaise: input.amountPaise });
      // What a concurrent checkout recording other taxes does, while this provider order is being made.
      if (made.length === 1)
        await ctx.database.db
          .update(orders)
          .set({ amountPaise: input.amountPaise + 100 })
          .where(eq(orders.id, orderId));
      return created;
    };
    try {
      const res = await checkout(ctx, buyer, orderId);
      expect(res.statusCode, res.body).toBe(200);
      const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
      const attached = made.find((m) => m.id === order.providerOrderId);
      expect(attached?.amountPaise).toBe(order.amountPaise);
      expect(res.json().amount).toBe(order.amountPaise);
      expect(made).toHaveLength(2);
    } finally {
      provider.createOrder = original;
    }
  });
});
