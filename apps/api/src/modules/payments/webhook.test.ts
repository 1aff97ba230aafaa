import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  book,
  checkout,
  confirm,
  hmac,
  line,
  paid,
  sandboxPay,
  sendWebhook,
  tokenFor,
  webhookEvent,
} from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow, paymentsOf, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

const START = '2026-12-01';
const END = '2026-12-08';

describe('POST /api/payments/razorpay/webhook and the sandbox window', () => {
  let ctx: TestContext;
  let alice: string;
  let secret: string;
  let eventSeq = 0;
  beforeAll(async () => {
    ctx = await createTestApp();
    secret = ctx.config.payments.sandboxKeySecret;
  });
  afterAll(() => ctx.close());
  // Every test its own buyer: a buyer may hold at most 3 unpaid orders at once.
  let buyers = 200;
  beforeEach(async () => {
    alice = await tokenFor(ctx, ++buyers);
  });

  /** An order checked out online, with a payment the provider has taken. */
  async function checkedOut() {
    const site = await insertProduct(ctx.database.db);
    const order = (await book(ctx, alice, [line(site.id, START, END)], 10_500)).json();
    const out = (await checkout(ctx, alice, order.order_id)).json();
    const payment = paid(secret, out.razor_pay_order_id);
    const confirmBody = {
      order_id: order.order_id,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...payment,
    };
    const event = (
      name: 'order.paid' | 'payment.captured' | 'payment.failed',
      paymentId = payment.payment_id,
    ) =>
      webhookEvent(name, {
        providerOrderId: out.razor_pay_order_id,
        paymentId,
        amount: out.amount,
        orderId: order.order_id,
      });
    return {
      orderId: order.order_id as number,
      providerOrderId: out.razor_pay_order_id as string,
      checkedOut: out as { razor_pay_order_id: string; checkout_url: string },
      confirmBody,
      event,
    };
  }
  const nextEventId = () => `evt_test_${++eventSeq}`;

  it('confirms the order from a signed order.paid, and ignores a redelivery', async () => {
    const db = ctx.database.db;
    const { orderId, event } = await checkedOut();
    const body = event('order.paid');
    const id = nextEventId();
    const res = await sendWebhook(ctx, body, secret, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'applied' });
    expect((await orderRow(db, orderId)).status).toBe('paid');
    expect((await bookingsOf(db, orderId))[0].status).toBe('confirmed');
    const again = await sendWebhook(ctx, body, secret, id);
    expect(again.json()).toEqual({ status: 'duplicate' });
    expect(await paymentsOf(db, orderId)).toHaveLength(1);
  });

  it('refuses a bad or missing signature with 400, changing nothing', async () => {
    const db = ctx.database.db;
    const { orderId, event } = await checkedOut();
    const body = event('payment.captured');
    const before = await snapshot(db);
    const forged = await sendWebhook(ctx, body, 'wrong-secret', nextEventId());
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'invalid_signature']);
    // Signed bytes must be the bytes received: re-serialising the same JSON with other spacing fails.
    const respaced = JSON.stringify(JSON.parse(body), null, 1);
    expect((await sendWebhook(ctx, respaced, secret, nextEventId(), hmac(secret, body))).statusCode).toBe(
      400,
    );
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await snapshot(db)).toEqual(before);
    expect((await orderRow(db, orderId)).status).toBe('pending_payment');
  });

  it('confirm then webhook, each twice: one payment row, one paid order', async () => {
    const db = ctx.database.db;
    const { orderId, confirmBody, event } = await checkedOut();
    expect((await confirm(ctx, alice, confirmBody)).json()).toEqual({ data: 'Payment Success' });
    expect((await confirm(ctx, alice, confirmBody)).json()).toEqual({ data: 'Payment Success' });
    expect((await sendWebhook(ctx, event('payment.captured'), secret, nextEventId())).statusCode).toBe(200);
    expect((await sendWebhook(ctx, event('order.paid'), secret, nextEventId())).statusCode).toBe(200);
    expect(await paymentsOf(db, orderId)).toHaveLength(1);
    expect((await orderRow(db, orderId)).status).toBe('paid');
  });

  it('webhook then confirm, each twice: one payment row, one paid order', async () => {
    const db = ctx.database.db;
    const { orderId, confirmBody, event } = await checkedOut();
    expect((await sendWebhook(ctx, event('order.paid'), secret, nextEventId())).json()).toEqual({
      status: 'applied',
    });
    expect((await sendWebhook(ctx, event('payment.captured'), secret, nextEventId())).json()).toEqual({
      status: 'applied',
    });
    expect((await confirm(ctx, alice, confirmBody)).json()).toEqual({ data: 'Payment Success' });
    expect((await confirm(ctx, alice, confirmBody)).json()).toEqual({ data: 'Payment Success' });
    expect(await paymentsOf(db, orderId)).toHaveLength(1);
    expect((await orderRow(db, orderId)).status).toBe('paid');
  });

  it('confirms and webhooks arriving together still apply the payment once', async () => {
    const db = ctx.database.db;
    const { orderId, confirmBody, event } = await checkedOut();
    const results = await Promise.all([
      confirm(ctx, alice, confirmBody),
      sendWebhook(ctx, event('order.paid'), secret, nextEventId()),
      confirm(ctx, alice, confirmBody),
      sendWebhook(ctx, event('payment.captured'), secret, nextEventId()),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(db, orderId)).toHaveLength(1);
    expect((await bookingsOf(db, orderId)).map((b) => b.status)).toEqual(['confirmed']);
  });

  it('records payment.failed and leaves the order open; a later payment still confirms it', async () => {
    const db = ctx.database.db;
    const { orderId, event } = await checkedOut();
    expect(
      (await sendWebhook(ctx, event('payment.failed', 'pay_failed_1'), secret, nextEventId())).statusCode,
    ).toBe(200);
    expect((await orderRow(db, orderId)).status).toBe('pending_payment');
    expect(await paymentsOf(db, orderId)).toMatchObject([
      { providerPaymentId: 'pay_failed_1', status: 'failed' },
    ]);
    expect((await bookingsOf(db, orderId))[0].status).toBe('held');
    expect(
      (await sendWebhook(ctx, event('payment.captured', 'pay_ok_2'), secret, nextEventId())).statusCode,
    ).toBe(200);
    expect((await orderRow(db, orderId)).status).toBe('paid');
    expect(await paymentsOf(db, orderId)).toHaveLength(2);
  });

  it('dedupes by payload when the event id header is missing', async () => {
    const db = ctx.database.db;
    const { orderId, event } = await checkedOut();
    const body = event('payment.captured');
    expect((await sendWebhook(ctx, body, secret)).json()).toEqual({ status: 'applied' });
    expect((await sendWebhook(ctx, body, secret)).json()).toEqual({ status: 'duplicate' });
    expect(await paymentsOf(db, orderId)).toHaveLength(1);
  });

  it('answers 200 without confirming for an unknown order or a wrong amount; 400 for a body that is no event', async () => {
    const db = ctx.database.db;
    const unknown = webhookEvent('payment.captured', {
      providerOrderId: 'order_elsewhere',
      paymentId: 'pay_x',
      amount: 100,
    });
    expect((await sendWebhook(ctx, unknown, secret, nextEventId())).json()).toEqual({ status: 'ignored' });
    const { orderId, providerOrderId } = await checkedOut();
    const wrong = webhookEvent('payment.captured', { providerOrderId, paymentId: 'pay_wrong', amount: 100 });
    expect((await sendWebhook(ctx, wrong, secret, nextEventId())).json()).toEqual({ status: 'ignored' });
    expect((await orderRow(db, orderId)).status).toBe('pending_payment');
    expect((await sendWebhook(ctx, 'not json', secret, nextEventId())).statusCode).toBe(400);
    expect((await sendWebhook(ctx, '{"hello":1}', secret, nextEventId())).statusCode).toBe(400);
  });

  it('serves a self-contained sandbox window that shows the amount', async () => {
    const { checkedOut: out } = await checkedOut();
    const res = await ctx.app.inject({ method: 'GET', url: out.checkout_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('₹12,390.00'); // ₹10,500 + 18 % GST
    expect(res.body).toContain('postMessage');
    expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: out.checkout_url.replace(out.razor_pay_order_id, 'order_sbx_nope'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("the window's Pay signs a payment that /booking/confirm accepts", async () => {
    const { orderId, providerOrderId, confirmBody, checkedOut: out } = await checkedOut();
    const pay = await sandboxPay(ctx, out);
    expect(pay.statusCode).toBe(200);
    const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = pay.json();
    expect(razorpay_order_id).toBe(providerOrderId);
    expect(razorpay_payment_id).toMatch(/^pay_sbx_/);
    const res = await confirm(ctx, alice, {
      ...confirmBody,
      payment_id: razorpay_payment_id,
      signature: razorpay_signature,
    });
    expect(res.json()).toEqual({ data: 'Payment Success' });
    expect((await orderRow(ctx.database.db, orderId)).status).toBe('paid');
    const afterPaid = await sandboxPay(ctx, out);
    expect(afterPaid.statusCode).toBe(409);
    expect((await sandboxPay(ctx, { ...out, razor_pay_order_id: 'order_sbx_nope' })).statusCode).toBe(404);
  });
});
