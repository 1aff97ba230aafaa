import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  checkout,
  confirm,
  line,
  paid,
  post,
  sendWebhook,
  tokenFor,
  webhookEvent,
} from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { orderRow, paymentsOf } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { RazorpayProvider } from './razorpay.provider.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from './razorpay-stub.test-helpers.ts';

describe('Razorpay provider against a local stub of its orders API', () => {
  const stub = startStub();
  let ctx: TestContext;
  let apiUrl: string;
  let alice: string;
  beforeAll(async () => {
    apiUrl = await stub.listen();
    ctx = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: apiUrl,
      },
    });
    alice = await tokenFor(ctx, 31);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  async function placed() {
    const site = await insertProduct(ctx.database.db);
    return (await book(ctx, alice, [line(site.id, '2026-12-01', '2026-12-08')], 10_500)).json()
      .order_id as number;
  }

  it('creates the Razorpay order through the SDK (paise, receipt, notes, capture window) once', async () => {
    const orderId = await placed();
    const before = stub.seen.length;
    const res = await checkout(ctx, alice, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order_id: orderId,
      amount: 1_239_000,
      currency: 'INR',
      razor_pay_order_id: expect.stringMatching(/^order_stub\d+$/),
      key_id: KEY_ID,
      provider: 'razorpay',
      checkout_url: null,
    });
    expect(stub.seen.slice(before)).toEqual([
      {
        method: 'POST',
        url: '/v1/orders',
        body: {
          amount: 1_239_000,
          currency: 'INR',
          receipt: String(orderId),
          notes: { order_id: String(orderId), hold_expires_at: expect.any(String) },
          payment: {
            capture: 'automatic',
            capture_options: {
              automatic_expiry_period: 15,
              manual_expiry_period: 15,
              refund_speed: 'normal',
            },
          },
        },
      },
    ]);
    expect((await checkout(ctx, alice, orderId)).json().razor_pay_order_id).toBe(
      res.json().razor_pay_order_id,
    );
    expect(stub.seen.length).toBe(before + 1);
  });

  it('confirms with a signature made with the key secret, and refuses the sandbox secret', async () => {
    const orderId = await placed();
    const { razor_pay_order_id, amount } = (await checkout(ctx, alice, orderId)).json();
    const base = { order_id: orderId, razorpay_order_id: razor_pay_order_id, amount };
    expect(
      (await confirm(ctx, alice, { ...base, ...paid('sandbox_secret', razor_pay_order_id) })).statusCode,
    ).toBe(400);
    const res = await confirm(ctx, alice, { ...base, ...paid(KEY_SECRET, razor_pay_order_id) });
    expect(res.json()).toEqual({ data: 'Payment Success' });
  });

  it('verifies webhooks with the webhook secret', async () => {
    const orderId = await placed();
    const { razor_pay_order_id, amount } = (await checkout(ctx, alice, orderId)).json();
    const body = webhookEvent('payment.captured', {
      providerOrderId: razor_pay_order_id,
      paymentId: 'pay_rzp_1',
      amount,
      orderId,
    });
    expect((await sendWebhook(ctx, body, KEY_SECRET, 'evt_rzp_1')).statusCode).toBe(400);
    expect((await sendWebhook(ctx, body, WEBHOOK_SECRET, 'evt_rzp_1')).json()).toEqual({ status: 'applied' });
    expect((await orderRow(ctx.database.db, orderId)).status).toBe('paid');
    expect(await paymentsOf(ctx.database.db, orderId)).toHaveLength(1);
  });

  it('answers 502 when Razorpay fails, stores nothing, and a retry succeeds', async () => {
    const orderId = await placed();
    stub.failOnce();
    const failed = await checkout(ctx, alice, orderId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('payment_provider_unavailable');
    expect((await orderRow(ctx.database.db, orderId)).providerOrderId).toBeNull();
    expect((await checkout(ctx, alice, orderId)).statusCode).toBe(200);
  });

  it('refuses wrong credentials (the stub checks basic auth)', async () => {
    const provider = new RazorpayProvider({
      keyId: KEY_ID,
      keySecret: 'wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl,
    });
    const now = new Date();
    await expect(
      provider.createOrder({
        amountPaise: 1000,
        currency: 'INR',
        receipt: '1',
        notes: {},
        expiresAt: now,
        now,
      }),
    ).rejects.toMatchObject({ statusCode: 502 });
  });

  it('hides the sandbox window and pay routes', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/payments/sandbox/checkout?order_id=order_stub1&token=t',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(ctx, '/api/payments/sandbox/pay', null, { razor_pay_order_id: 'order_stub1', token: 't' }))
        .statusCode,
    ).toBe(404);
  });
});
