import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, checkout, line, sandboxPay, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * Issue 19, unpaid orders: "Payment pending - reserved until ..." with Pay, and Pay never extends a hold
 * (docs/product-rules.md section 14). Pay on a cash order opens the online window, but never past the
 * cash reservation; Pay again on an open window keeps its end; what My Orders shows as "reserved until"
 * is that same moment; after it, nothing can be paid.
 */
const HOUR = 3_600_000;
const MINUTE = 60_000;
let ctx: TestContext;
let n = 2300;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function placed() {
  const buyer = await tokenFor(ctx, ++n);
  const site = await insertProduct(ctx.database.db);
  const res = await book(ctx, buyer, [line(site.id, '2027-01-10', '2027-01-17')], 10_500);
  expect(res.statusCode, res.body).toBe(200);
  return { buyer, orderId: res.json().order_id as number, placedAt: ctx.clock.now().getTime() };
}

const reservedUntil = async (buyer: string, orderId: number) => {
  const mine = await ctx.app.inject({ method: 'GET', url: '/api/booked_campaigns/', headers: bearer(buyer) });
  const group = mine.json().data.upcoming_campaigns.find((g: { order_id: number }) => g.order_id === orderId);
  return group ? Date.parse(group.reserved_until) : null;
};

describe('Pay never extends a hold', () => {
  it('Pay on a cash order 10 minutes before its 48-hour hold ends keeps that end, and so does Pay again', async () => {
    const { buyer, orderId, placedAt } = await placed();
    const cashEnd = placedAt + 48 * HOUR;
    const cash = await checkout(ctx, buyer, orderId, 'cash');
    expect(Date.parse(cash.json().expires_at)).toBe(cashEnd);
    expect(await reservedUntil(buyer, orderId)).toBe(cashEnd);

    ctx.clock.advance(48 * HOUR - 10 * MINUTE);
    const fresh = await tokenFor(ctx, n); // sessions last an hour
    const pay = await checkout(ctx, fresh, orderId, 'online');
    expect(pay.statusCode, pay.body).toBe(200);
    // Not now + 15 minutes: the window ends when the reservation did.
    expect(Date.parse(pay.json().expires_at)).toBe(cashEnd);
    const again = await checkout(ctx, fresh, orderId, 'online');
    expect(again.json()).toMatchObject({
      expires_at: pay.json().expires_at,
      razor_pay_order_id: pay.json().razor_pay_order_id,
    });
    expect((await orderRow(ctx.database.db, orderId)).expiresAt.getTime()).toBe(cashEnd);
    expect((await bookingsOf(ctx.database.db, orderId)).map((b) => b.holdExpiresAt?.getTime())).toEqual([
      cashEnd,
    ]);
    expect(await reservedUntil(fresh, orderId)).toBe(cashEnd);

    // Past the reservation: Pay is refused and the sandbox window takes no payment.
    ctx.clock.advance(10 * MINUTE);
    const late = await checkout(ctx, fresh, orderId, 'online');
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'order_expired']);
    expect((await sandboxPay(ctx, pay.json())).statusCode).not.toBe(200);
  });

  it('Pay again on an online order keeps the 15-minute window it opened', async () => {
    const { buyer, orderId, placedAt } = await placed();
    const first = await checkout(ctx, buyer, orderId, 'online');
    expect(Date.parse(first.json().expires_at)).toBe(placedAt + 15 * MINUTE);
    ctx.clock.advance(10 * MINUTE);
    const again = await checkout(ctx, buyer, orderId, 'online');
    expect(Date.parse(again.json().expires_at)).toBe(placedAt + 15 * MINUTE);
    // Choosing cash now never turns the short window into a 48-hour hold.
    const cash = await checkout(ctx, buyer, orderId, 'cash');
    expect(Date.parse(cash.json().expires_at)).toBe(placedAt + 15 * MINUTE);
    expect(await reservedUntil(buyer, orderId)).toBe(placedAt + 15 * MINUTE);
  });
});
