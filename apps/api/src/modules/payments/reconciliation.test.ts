import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  checkout,
  confirm,
  hmac,
  line,
  sandboxPay,
  sendWebhook,
  tokenFor,
  webhookEvent,
} from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { bookingsOf, orderRow, paymentsOf } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { reconcilePayments, startPaymentReconciler } from '../../workflows/pay.workflow.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';
import { closedOrderDue } from './reconciliation.service.ts';

const START = '2026-12-01';
const END = '2026-12-08';
const MINUTE = 60_000;

describe('payment reconciliation with the sandbox provider', () => {
  let ctx: TestContext;
  let alice: string;
  let bob: string;
  let secret: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await tokenFor(ctx, 71);
    bob = await tokenFor(ctx, 72);
    secret = ctx.config.payments.sandboxKeySecret;
  });
  afterAll(() => ctx.close());

  const pass = (scope: 'all' | 'due' = 'all') =>
    reconcilePayments(ctx.app.deps, ctx.app.log, { scope, intervalMs: MINUTE });

  /** Booked and checked out online; with `pay`, also paid in the sandbox window, but never confirmed. */
  async function order(token: string, pay = true) {
    const site = await insertProduct(ctx.database.db);
    const booked = (await book(ctx, token, [line(site.id, START, END)], 10_500)).json();
    const out = (await checkout(ctx, token, booked.order_id)).json();
    let paymentId = '';
    if (pay) {
      const res = await sandboxPay(ctx, out);
      expect(res.statusCode).toBe(200);
      paymentId = res.json().razorpay_payment_id;
    }
    return {
      site,
      orderId: booked.order_id as number,
      providerOrderId: out.razor_pay_order_id as string,
      amount: out.amount as number,
      paymentId,
    };
  }

  it('confirms a payment the sandbox captured when neither the confirm nor a webhook arrived', async () => {
    const db = ctx.database.db;
    const o = await order(alice);
    expect((await orderRow(db, o.orderId)).status).toBe('pending_payment');
    expect((await pass()).confirmed).toBe(1);
    expect((await orderRow(db, o.orderId)).status).toBe('paid');
    expect((await bookingsOf(db, o.orderId)).map((b) => b.status)).toEqual(['confirmed']);
    // A second pass does not ask about a paid order; the browser's late confirm still succeeds.
    expect(await pass()).toMatchObject({ confirmed: 0, alreadyPaid: 0, sitesTaken: 0 });
    const late = await confirm(ctx, alice, {
      order_id: o.orderId,
      razorpay_order_id: o.providerOrderId,
      amount: o.amount,
      payment_id: o.paymentId,
      signature: hmac(secret, `${o.providerOrderId}|${o.paymentId}`),
    });
    expect(late.json()).toEqual({ data: 'Payment Success' });
    const rows = await paymentsOf(db, o.orderId);
    expect(rows.map((p) => [p.providerPaymentId, p.status, p.amountPaise])).toEqual([
      [o.paymentId, 'captured', o.amount],
    ]);
  });

  it('leaves an order open when the provider holds no captured payment, also after a failed one', async () => {
    const db = ctx.database.db;
    const o = await order(alice, false);
    const failed = webhookEvent('payment.failed', {
      providerOrderId: o.providerOrderId,
      paymentId: 'pay_sbx_declined',
      amount: o.amount,
      orderId: o.orderId,
    });
    expect((await sendWebhook(ctx, failed, secret, 'evt_recon_failed')).json()).toEqual({
      status: 'applied',
    });
    const summary = await pass();
    expect(summary.checked).toBeGreaterThanOrEqual(1);
    expect(summary.confirmed).toBe(0);
    expect((await orderRow(db, o.orderId)).status).toBe('pending_payment');
    expect((await bookingsOf(db, o.orderId)).map((b) => b.status)).toEqual(['held']);
    expect((await paymentsOf(db, o.orderId)).map((p) => p.status)).toEqual(['failed']);
  });

  it('asks about an order closed unpaid when due, and confirms it while its sites are still free', async () => {
    const db = ctx.database.db;
    const o = await order(alice);
    // The hold lapses and the sweeper expires the order; six minutes later is not a due age.
    ctx.clock.advance(21 * MINUTE);
    await releaseExpiredHolds(db, ctx.clock.now());
    expect((await orderRow(db, o.orderId)).status).toBe('expired');
    expect(closedOrderDue(6 * MINUTE, MINUTE)).toBe(false);
    expect((await pass('due')).confirmed).toBe(0);
    expect((await orderRow(db, o.orderId)).status).toBe('expired');
    // The pass at start asks about every order in the lookback: the money confirms the free sites.
    expect((await pass('all')).confirmed).toBe(1);
    expect((await orderRow(db, o.orderId)).status).toBe('paid');
    expect((await bookingsOf(db, o.orderId)).map((b) => b.status)).toEqual(['confirmed']);
  });

  it('marks a payment captured after its sites were taken as sites_taken once, and never applies it twice', async () => {
    const db = ctx.database.db;
    const o = await order(alice);
    ctx.clock.advance(16 * MINUTE);
    // Bob books the same site and dates once Alice's hold has lapsed.
    const bobs = await book(ctx, bob, [line(o.site.id, START, END)], 10_500);
    expect(bobs.statusCode).toBe(200);
    expect((await pass()).sitesTaken).toBe(1);
    expect((await orderRow(db, o.orderId)).status).toBe('failed');
    expect((await paymentsOf(db, o.orderId)).map((p) => p.providerPaymentId)).toEqual([o.paymentId]);
    expect((await bookingsOf(db, bobs.json().order_id)).map((b) => b.status)).toEqual(['held']);
    // A failed order is settled: later passes do not ask about it, so nothing is logged or written again.
    expect(await pass()).toMatchObject({ confirmed: 0, alreadyPaid: 0, sitesTaken: 0 });
    expect(await paymentsOf(db, o.orderId)).toHaveLength(1);
  });

  it('runs at start and then periodically, and stop() waits for the running pass', async () => {
    const reconciler = startPaymentReconciler(ctx.app.deps, ctx.app.log, 50);
    await reconciler.firstPass;
    const o = await order(bob);
    await expect.poll(async () => (await orderRow(ctx.database.db, o.orderId)).status).toBe('paid');
    await reconciler.stop();
    const later = await order(bob);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await orderRow(ctx.database.db, later.orderId)).status).toBe('pending_payment');
  });
});

describe('closedOrderDue: closed orders are asked about at doubling ages', () => {
  it('is due in the first two intervals and then about once per doubling', () => {
    const due = (n: number) => closedOrderDue(n * MINUTE, MINUTE);
    expect([0, 0.5, 1, 1.9, 2, 3, 4, 5, 8, 9, 16, 32].map(due)).toEqual(Array(12).fill(true));
    expect([6, 7, 10, 12, 15, 20, 31].map(due)).toEqual(Array(7).fill(false));
    // A day of five-minute passes asks about one order about twenty times, not 288.
    const passes = Array.from({ length: 288 }, (_, i) => closedOrderDue(i * 5 * MINUTE, 5 * MINUTE));
    expect(passes.filter(Boolean).length).toBeLessThanOrEqual(20);
  });
});
