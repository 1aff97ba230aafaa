import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { opsRefund } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from '../payments/razorpay-stub.test-helpers.ts';

/**
 * Issue 20: a refund the provider failed was recorded as failed and answered 502, but the provider's
 * error was swallowed (`catch {}`), so nobody could tell why. It is logged now, without credentials.
 */
describe('a refund the payment provider fails', () => {
  const stub = startStub();
  const lines: string[] = [];
  let ctx: TestContext;
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
        LOG_LEVEL: 'warn',
      },
      logStream: new Writable({
        write(chunk, _e, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  it('logs the provider and its reason with the order and refund, and no secret', async () => {
    const alice = await tokenFor(ctx, 4101);
    const site = await insertProduct(ctx.database.db);
    const orderId = (await book(ctx, alice, [line(site.id, '2026-12-20', '2026-12-27')], 10_500)).json()
      .order_id;
    const out = (await checkout(ctx, alice, orderId)).json();
    const payment = paid(KEY_SECRET, out.razor_pay_order_id);
    const confirmed = await confirm(ctx, alice, {
      order_id: orderId,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...payment,
    });
    expect(confirmed.statusCode).toBe(200);
    const operator = await signedInToken(ctx, OPERATOR_PHONE);
    stub.failOnce();
    const failed = await opsRefund(ctx, operator, orderId, { amount: 2500, reason: 'Damaged board' });
    expect(failed.statusCode).toBe(502);

    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const entry = entries.find((e) => String(e.msg).startsWith('refund: the payment provider failed'));
    expect(entry).toMatchObject({
      orderId,
      refundId: expect.any(Number),
      provider: 'razorpay',
      // The provider adapter's own error (payments/razorpay.provider.ts), naming the answer it got.
      reason: 'Razorpay answered 500',
    });
    const log = lines.join('');
    const basicAuth = Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64');
    for (const secret of [KEY_SECRET, WEBHOOK_SECRET, basicAuth, payment.signature]) {
      expect(log).not.toContain(secret);
    }
  });
});
