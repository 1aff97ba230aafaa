import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, line, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow, paymentsOf } from '../../../test/order-rows.ts';
import { freePort } from '../../../test/server-process.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { reconcilePayments } from '../../workflows/pay.workflow.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from './razorpay-stub.test-helpers.ts';

/**
 * The reconciliation pass with Razorpay: it asks GET /v1/orders/{id}/payments through the official SDK
 * (orders.fetchPayments) - here a local stub of that API - and applies only captured payments of the
 * order's amount.
 */
describe('payment reconciliation with Razorpay (local stub of its API)', () => {
  const stub = startStub();
  let ctx: TestContext;
  let alice: string;
  beforeAll(async () => {
    const apiUrl = await stub.listen(await freePort());
    ctx = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: apiUrl,
      },
    });
    alice = await tokenFor(ctx, 81);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  const pass = () => reconcilePayments(ctx.app.deps, ctx.app.log, { scope: 'all', intervalMs: 60_000 });

  async function checkedOut() {
    const site = await insertProduct(ctx.database.db);
    const booked = (await book(ctx, alice, [line(site.id, '2026-12-01', '2026-12-08')], 10_500)).json();
    const out = (await checkout(ctx, alice, booked.order_id)).json();
    return { orderId: booked.order_id as number, providerOrderId: out.razor_pay_order_id as string };
  }

  it('applies a captured payment of the right amount, and nothing the provider reports otherwise', async () => {
    const db = ctx.database.db;
    const o = await checkedOut();
    const amount = 1_239_000; // ₹10,500 + 18 % GST
    // A declined attempt, one authorised but not (yet) captured, a captured one for another amount.
    stub.setPayments(o.providerOrderId, [
      { id: 'pay_rzp_declined', status: 'failed', amount },
      { id: 'pay_rzp_pending', status: 'authorized', amount },
      { id: 'pay_rzp_short', status: 'captured', amount: amount - 100 },
    ]);
    const before = stub.seen.length;
    expect(await pass()).toMatchObject({ checked: 1, confirmed: 0, mismatched: 1, unreachable: 0 });
    expect(stub.seen.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /v1/orders/${o.providerOrderId}/payments`,
    ]);
    expect((await orderRow(db, o.orderId)).status).toBe('pending_payment');
    expect(await paymentsOf(db, o.orderId)).toEqual([]);

    stub.setPayments(o.providerOrderId, [
      { id: 'pay_rzp_declined', status: 'failed', amount },
      { id: 'pay_rzp_ok', status: 'captured', amount },
    ]);
    expect(await pass()).toMatchObject({ checked: 1, confirmed: 1 });
    expect((await orderRow(db, o.orderId)).status).toBe('paid');
    expect((await bookingsOf(db, o.orderId)).map((b) => b.status)).toEqual(['confirmed']);
    expect((await paymentsOf(db, o.orderId)).map((p) => [p.providerPaymentId, p.status])).toEqual([
      ['pay_rzp_ok', 'captured'],
    ]);
    expect(await pass()).toMatchObject({ checked: 0, confirmed: 0 });
  });

  it('counts an order the provider could not answer for, changes nothing, and gets it next time', async () => {
    const db = ctx.database.db;
    const o = await checkedOut();
    stub.setPayments(o.providerOrderId, [{ id: 'pay_rzp_later', status: 'captured', amount: 1_239_000 }]);
    stub.failOnce();
    expect(await pass()).toMatchObject({ checked: 1, unreachable: 1, confirmed: 0 });
    expect((await orderRow(db, o.orderId)).status).toBe('pending_payment');
    expect(await pass()).toMatchObject({ checked: 1, unreachable: 0, confirmed: 1 });
    expect((await orderRow(db, o.orderId)).status).toBe('paid');
  });
});
