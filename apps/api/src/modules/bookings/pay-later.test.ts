import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * Issue 45 (docs/product-rules.md section 14): "Pay" on an unpaid online order, later, pays that same order
 * within its hold: checkout again answers the same order and provider order, paying it makes that order
 * paid, and no other order appears or is cancelled. After the hold, checkout says plainly the order can no
 * longer be paid and the order page no longer offers it.
 */
const MINUTE = 60_000;
let ctx: TestContext;
let n = 4500;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function unpaidOnlineOrder() {
  const buyer = await tokenFor(ctx, ++n);
  const site = await insertProduct(ctx.database.db);
  const res = await book(ctx, buyer, [line(site.id, '2027-02-10', '2027-02-17')], 10_500);
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().order_id as number;
  const first = await checkout(ctx, buyer, orderId, 'online');
  expect(first.statusCode, first.body).toBe(200);
  return { buyer, orderId, first: first.json() };
}

const ordersOf = async (buyer: string) => {
  const mine = await ctx.app.inject({ method: 'GET', url: '/api/booked_campaigns/', headers: bearer(buyer) });
  expect(mine.statusCode, mine.body).toBe(200);
  const data = mine.json().data as Record<string, Array<{ order_id: number; status: string }>>;
  return Object.values(data)
    .flat()
    .map((o) => [o.order_id, o.status]);
};

describe('Pay later on an unpaid online order', () => {
  it('pays the same order number within its hold; no new order, nothing cancelled', async () => {
    const { buyer, orderId, first } = await unpaidOnlineOrder();
    expect(await ordersOf(buyer)).toEqual([[orderId, 'pending_payment']]);

    // The buyer closed the window and comes back from My Orders ten minutes later.
    ctx.clock.advance(10 * MINUTE);
    const again = await checkout(ctx, buyer, orderId, 'online');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      order_id: orderId,
      razor_pay_order_id: first.razor_pay_order_id,
      expires_at: first.expires_at,
      amount: first.amount,
    });
    const done = await confirm(ctx, buyer, {
      order_id: orderId,
      razorpay_order_id: again.json().razor_pay_order_id,
      amount: again.json().amount,
      ...paid(ctx.config.payments.sandboxKeySecret, again.json().razor_pay_order_id),
    });
    expect(done.statusCode, done.body).toBe(200);

    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(buyer),
    });
    expect(order.json()).toMatchObject({
      order_id: orderId,
      status: 'paid',
      reserved_until: null,
      amount_due: 0,
    });
    expect(order.json().paid_at).not.toBeNull();
    expect(await ordersOf(buyer)).toEqual([[orderId, 'paid']]);

    // Pay once more (a second tab): refused as already paid, and still one order.
    const twice = await checkout(ctx, buyer, orderId, 'online');
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'order_paid']);
    expect(await ordersOf(buyer)).toEqual([[orderId, 'paid']]);
  });

  it('after the hold: refused plainly, nothing charged, and the order no longer asks to be paid', async () => {
    const { buyer, orderId } = await unpaidOnlineOrder();
    ctx.clock.advance(15 * MINUTE);
    const late = await checkout(ctx, buyer, orderId, 'online');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'order_expired',
      message:
        'The time to pay for this order is over and its sites were released; nothing was charged. Please check out again.',
    });
    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(buyer),
    });
    expect(order.json().paid_at).toBeNull();
    expect(await ordersOf(buyer)).not.toContainEqual([orderId, 'paid']);
  });
});
