import { expect } from 'vitest';
import { book, checkout, confirm, hmac, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { lineIdsOf } from '../../../test/refund-calls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { KEY_ID, KEY_SECRET, WEBHOOK_SECRET } from '../payments/razorpay-stub.test-helpers.ts';
import { mediaOwner } from '../sites/sites.test-helpers.ts';
import { startRouteStub } from './razorpay-route-stub.test-helpers.ts';

/** The app on Razorpay keys against the Route stub, an owner, and paid lines of its (not a test itself). */
export async function startRouteApp() {
  const stub = startRouteStub();
  const apiUrl = await stub.listen();
  const ctx: TestContext = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: apiUrl,
      OPERATOR_PHONES: OPERATOR_PHONE,
    },
  });
  const owner = await mediaOwner(ctx);
  let buyerNo = 700;
  /** A paid ₹10,500 line of the owner's (₹12,390 charged with GST); answers the order, line and payment. */
  async function paidLine(from = '2026-12-20', to = '2026-12-27') {
    const buyer = await tokenFor(ctx, ++buyerNo);
    const site = await insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId });
    const orderId = (await book(ctx, buyer, [line(site.id, from, to)], 10_500)).json().order_id as number;
    const out = (await checkout(ctx, buyer, orderId)).json();
    const payment = paid(KEY_SECRET, out.razor_pay_order_id);
    stub.setCaptured(payment.payment_id, out.amount);
    const res = await confirm(ctx, buyer, {
      order_id: orderId,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...payment,
    });
    expect(res.statusCode).toBe(200);
    const [lineId] = await lineIdsOf(ctx, orderId);
    return { orderId, lineId: lineId!, paymentId: payment.payment_id, buyer };
  }
  /** Posts a Route webhook signed with the webhook secret (or the signature given). */
  const sendWebhook = (body: string, signature = hmac(WEBHOOK_SECRET, body), eventIdHeader?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/transfers/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        ...(eventIdHeader ? { 'x-razorpay-event-id': eventIdHeader } : {}),
      },
      payload: body,
    });
  return {
    stub,
    ctx,
    owner,
    paidLine,
    sendWebhook,
    close: async () => {
      await ctx.close();
      await stub.close();
    },
  };
}
