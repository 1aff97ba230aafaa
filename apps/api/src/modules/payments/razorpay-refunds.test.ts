import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { opsRefund, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from './razorpay-stub.test-helpers.ts';

describe('Razorpay refunds against a local stub of its API', () => {
  const stub = startStub();
  let ctx: TestContext;
  let alice: string;
  let operator: string;
  beforeAll(async () => {
    const apiUrl = await stub.listen();
    ctx = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: apiUrl,
        OPERATOR_PHONES: OPERATOR_PHONE,
      },
    });
    alice = await tokenFor(ctx, 41);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  async function paidOrder() {
    const site = await insertProduct(ctx.database.db);
    const orderId = (await book(ctx, alice, [line(site.id, '2026-12-20', '2026-12-27')], 10_500)).json()
      .order_id;
    const out = (await checkout(ctx, alice, orderId)).json();
    const payment = paid(KEY_SECRET, out.razor_pay_order_id);
    const res = await confirm(ctx, alice, {
      order_id: orderId,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...payment,
    });
    expect(res.statusCode).toBe(200);
    return { orderId, paymentId: payment.payment_id };
  }

  it('refunds through the SDK with the idempotency header, and a failed call retried with the same key refunds once', async () => {
    const { orderId, paymentId } = await paidOrder();
    const before = stub.refundCalls.length;
    stub.failOnce();
    const failed = await opsRefund(
      ctx,
      operator,
      orderId,
      { amount: 2500, reason: 'Damaged board' },
      'ops-rzp-0001',
    );
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toMatch(/recorded.*same Idempotency-Key/s);
    const [row] = await refundRows(ctx, orderId);
    expect(row).toMatchObject({ status: 'failed', amountPaise: 250_000, provider: 'razorpay' });

    const retried = await opsRefund(
      ctx,
      operator,
      orderId,
      { amount: 2500, reason: 'Damaged board' },
      'ops-rzp-0001',
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      refund: { id: row.id, status: 'processed', amount: 2500 },
      // One ₹10,500 line billed in Maharashtra: charged ₹10,500 + 18 % GST = ₹12,390, less ₹2,500.
      refundable: 9890,
    });
    const calls = stub.refundCalls.slice(before);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.paymentId).toBe(paymentId);
      expect(call.key).toBe(row.idempotencyKey);
      expect(call.body).toMatchObject({
        amount: 250_000,
        speed: 'normal',
        receipt: `refund-${row.id}`,
        notes: { order_id: String(orderId), refund_id: String(row.id) },
      });
    }
    expect(stub.refunds().filter((r) => r.key === row.idempotencyKey)).toHaveLength(1);
    const [after] = await refundRows(ctx, orderId);
    expect(after).toMatchObject({
      status: 'processed',
      providerRefundId: expect.stringMatching(/^rfnd_stub/),
    });
    // The failed refund counted while it was owed: nothing above what was paid was ever possible.
    const over = await opsRefund(ctx, operator, orderId, { amount: 9890.01, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
  });
});
