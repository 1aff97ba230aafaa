import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow, paymentsOf, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';

const START = '2026-12-01';
const END = '2026-12-08';
const WEEK_PRICE = 10_500;

describe('checkout and confirm (sandbox provider)', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  let secret: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await tokenFor(ctx, 11);
    bob = await tokenFor(ctx, 12);
    secret = ctx.config.payments.sandboxKeySecret;
  });
  afterAll(() => ctx.close());

  async function placed(token = alice, from = START, to = END) {
    const site = await insertProduct(ctx.database.db);
    const res = await book(ctx, token, [line(site.id, from, to)], WEEK_PRICE);
    expect(res.statusCode).toBe(200);
    return { site, order: res.json() as { order_id: number } };
  }

  it('creates the provider order once, in paise, and answers the same one on retry', async () => {
    const { order } = await placed();
    const first = await checkout(ctx, alice, order.order_id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      order_id: order.order_id,
      // What is charged: ₹10,500 + CGST 9 % + SGST 9 % (the buyer is billed in COMPANY_STATE).
      amount: 1_239_000,
      currency: 'INR',
      razor_pay_order_id: expect.stringMatching(/^order_sbx_\w+$/),
      key_id: 'rzp_test_sandbox',
      provider: 'sandbox',
      expires_at: expect.any(String),
      // The window's address carries the order's pay token (only this answer, to its buyer, has it).
      checkout_url: expect.stringMatching(
        new RegExp(
          `^/api/payments/sandbox/checkout\\?order_id=${first.json().razor_pay_order_id}&token=[0-9a-f]{64}$`,
        ),
      ),
    });
    const again = await checkout(ctx, alice, order.order_id, 'razorpay');
    expect(again.json().razor_pay_order_id).toBe(first.json().razor_pay_order_id);
    expect((await orderRow(ctx.database.db, order.order_id)).providerOrderId).toBe(
      first.json().razor_pay_order_id,
    );
  });

  it("answers 404 for someone else's order and 409 once the hold lapsed", async () => {
    const { order } = await placed();
    expect((await checkout(ctx, bob, order.order_id)).statusCode).toBe(404);
    expect((await checkout(ctx, alice, 987_654)).statusCode).toBe(404);
    ctx.clock.advance(15 * 60_000);
    try {
      const late = await checkout(ctx, alice, order.order_id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('order_expired');
    } finally {
      ctx.clock.advance(-15 * 60_000);
    }
  });

  it('cash: the order awaits payment, keeps its holds, and has no provider order', async () => {
    const { order } = await placed();
    const res = await checkout(ctx, alice, order.order_id, 'cash');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order_id: order.order_id,
      // What is charged: ₹10,500 + CGST 9 % + SGST 9 % (the buyer is billed in COMPANY_STATE).
      amount: 1_239_000,
      currency: 'INR',
      provider: 'cash',
      razor_pay_order_id: null,
      key_id: null,
    });
    const row = await orderRow(ctx.database.db, order.order_id);
    expect([row.status, row.paymentMethod, row.providerOrderId]).toEqual(['awaiting_payment', 'cash', null]);
    expect((await bookingsOf(ctx.database.db, order.order_id)).map((b) => b.status)).toEqual(['held']);
    // The sites stay reserved for 48 hours, long past the 15-minute online hold, and the sweeper leaves them.
    const until = ctx.clock.now().getTime() + 48 * 3_600_000;
    expect(Date.parse(res.json().expires_at)).toBe(until);
    expect(row.expiresAt.getTime()).toBe(until);
    await releaseExpiredHolds(ctx.database.db, new Date(ctx.clock.now().getTime() + 47 * 3_600_000));
    const held = await bookingsOf(ctx.database.db, order.order_id);
    expect(held.map((b) => [b.status, b.holdExpiresAt?.getTime()])).toEqual([['held', until]]);
    const noPayment = await confirm(ctx, alice, {
      order_id: order.order_id,
      razorpay_order_id: 'order_x',
      amount: 1_050_000,
      ...paid(secret, 'order_x'),
    });
    expect(noPayment.statusCode).toBe(409);
  });

  it('confirms a genuine payment: payment row, order paid, holds confirmed; a second confirm changes nothing', async () => {
    const db = ctx.database.db;
    const { order } = await placed();
    const { razor_pay_order_id, amount } = (await checkout(ctx, alice, order.order_id)).json();
    const body = {
      order_id: order.order_id,
      razorpay_order_id: razor_pay_order_id,
      amount,
      ...paid(secret, razor_pay_order_id),
    };
    const res = await confirm(ctx, alice, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: 'Payment Success' });
    const row = await orderRow(db, order.order_id);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    expect((await bookingsOf(db, order.order_id)).map((b) => [b.status, b.holdExpiresAt])).toEqual([
      ['confirmed', null],
    ]);
    expect(await paymentsOf(db, order.order_id)).toMatchObject([
      { providerPaymentId: body.payment_id, status: 'captured', amountPaise: 1_239_000 },
    ]);

    const again = await confirm(ctx, alice, body);
    expect(again.json()).toEqual({ data: 'Payment Success' });
    expect(await paymentsOf(db, order.order_id)).toHaveLength(1);
    expect((await checkout(ctx, alice, order.order_id)).json().error.code).toBe('order_paid');
  });

  it('refuses forged, altered, mismatched and foreign confirmations with nothing changed', async () => {
    const db = ctx.database.db;
    const { order } = await placed();
    const { razor_pay_order_id, amount } = (await checkout(ctx, alice, order.order_id)).json();
    const good = {
      order_id: order.order_id,
      razorpay_order_id: razor_pay_order_id,
      amount,
      ...paid(secret, razor_pay_order_id),
    };
    const before = await snapshot(db);

    const forged = await confirm(ctx, alice, {
      ...good,
      ...paid('not-the-secret', razor_pay_order_id, good.payment_id),
    });
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'invalid_signature']);
    const altered = await confirm(ctx, alice, {
      ...good,
      signature: `${good.signature.slice(0, -1)}${good.signature.endsWith('0') ? '1' : '0'}`,
    });
    expect(altered.statusCode).toBe(400);
    const otherPayment = await confirm(ctx, alice, { ...good, payment_id: 'pay_someoneelse' });
    expect(otherPayment.statusCode).toBe(400);
    // A valid signature for another provider order does not pay this one: we check against the id we stored.
    const elsewhere = await confirm(ctx, alice, {
      ...good,
      razorpay_order_id: 'order_sbx_other',
      ...paid(secret, 'order_sbx_other'),
    });
    expect(elsewhere.statusCode).toBe(400);
    const cheap = await confirm(ctx, alice, { ...good, amount: good.amount - 100 });
    expect([cheap.statusCode, cheap.json().error.code]).toEqual([400, 'amount_mismatch']);
    const rupees = await confirm(ctx, alice, { ...good, amount: good.amount / 100 });
    expect(rupees.statusCode).toBe(400);
    const foreign = await confirm(ctx, bob, good);
    expect(foreign.statusCode).toBe(404);
    const noToken = await confirm(ctx, '', good);
    expect(noToken.statusCode).toBe(401);

    expect(await snapshot(db)).toEqual(before);
    expect((await confirm(ctx, alice, good)).statusCode).toBe(200);
  });

  it('confirms a late payment when the lapsed hold was not taken meanwhile', async () => {
    const db = ctx.database.db;
    const { order } = await placed();
    const { razor_pay_order_id, amount } = (await checkout(ctx, alice, order.order_id)).json();
    ctx.clock.advance(20 * 60_000);
    try {
      await releaseExpiredHolds(db, ctx.clock.now());
      expect((await orderRow(db, order.order_id)).status).toBe('expired');
      const res = await confirm(ctx, alice, {
        order_id: order.order_id,
        razorpay_order_id: razor_pay_order_id,
        amount,
        ...paid(secret, razor_pay_order_id),
      });
      expect(res.json()).toEqual({ data: 'Payment Success' });
      expect((await orderRow(db, order.order_id)).status).toBe('paid');
      expect((await bookingsOf(db, order.order_id))[0].status).toBe('confirmed');
    } finally {
      ctx.clock.advance(-20 * 60_000);
    }
  });

  it('refuses (409) and records a late payment when the site was taken meanwhile', async () => {
    const db = ctx.database.db;
    const { site, order } = await placed();
    const { razor_pay_order_id, amount } = (await checkout(ctx, alice, order.order_id)).json();
    ctx.clock.advance(16 * 60_000);
    try {
      const rival = await book(ctx, bob, [line(site.id, '2026-12-04', '2026-12-11')], WEEK_PRICE);
      expect(rival.statusCode).toBe(200);
      const body = {
        order_id: order.order_id,
        razorpay_order_id: razor_pay_order_id,
        amount,
        ...paid(secret, razor_pay_order_id),
      };
      const res = await confirm(ctx, alice, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('sites_unavailable');
      expect(res.json().error.message).toMatch(/refunded/);
      expect((await orderRow(db, order.order_id)).status).toBe('failed');
      expect((await bookingsOf(db, order.order_id))[0].status).toBe('cancelled');
      expect(await paymentsOf(db, order.order_id)).toMatchObject([
        { providerPaymentId: body.payment_id, status: 'captured' },
      ]);
      expect((await bookingsOf(db, rival.json().order_id))[0].status).toBe('held');
      const retry = await confirm(ctx, alice, body);
      expect(retry.statusCode).toBe(409);
      expect(await paymentsOf(db, order.order_id)).toHaveLength(1);
    } finally {
      ctx.clock.advance(-16 * 60_000);
    }
  });
});
