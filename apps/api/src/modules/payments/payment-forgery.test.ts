import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  book,
  checkout,
  confirm,
  line,
  paid,
  payTokenOf,
  post,
  sandboxPay,
  sendWebhook,
  tokenFor,
  webhookEvent,
} from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { orderRow, paymentsOf, snapshot } from '../../../test/order-rows.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { PUBLIC_SANDBOX_KEY_SECRET } from '../../config.ts';
import { sandboxPayments } from '../../db/schema.ts';

const START = '2026-12-01';
const END = '2026-12-08';
const WEEK_PRICE = 10_500;

interface CheckedOut {
  order_id: number;
  razor_pay_order_id: string;
  checkout_url: string;
  amount: number;
}

describe('payments cannot be forged (issue 10)', () => {
  let ctx: TestContext;
  let alice: string;
  let mallory: string;
  let secret: string;
  let eventSeq = 0;
  beforeAll(async () => {
    ctx = await createTestApp();
    secret = ctx.config.payments.sandboxKeySecret;
  });
  afterAll(() => ctx.close());
  // Every test its own buyers: a buyer may hold at most 3 unpaid orders at once.
  let buyers = 300;
  beforeEach(async () => {
    alice = await tokenFor(ctx, ++buyers);
    mallory = await tokenFor(ctx, ++buyers);
  });

  async function placed(token: string) {
    const site = await insertProduct(ctx.database.db);
    const res = await book(ctx, token, [line(site.id, START, END)], WEEK_PRICE);
    expect(res.statusCode).toBe(200);
    return res.json().order_id as number;
  }
  async function online(token: string): Promise<CheckedOut> {
    const res = await checkout(ctx, token, await placed(token));
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it("a signed webhook naming another user's cash order by receipt or notes pays nothing", async () => {
    const db = ctx.database.db;
    const victim = await placed(alice);
    expect((await checkout(ctx, alice, victim, 'cash')).statusCode).toBe(200);
    // Mallory's own provider order, paid, but the event points at Alice's order by our sequential id.
    const own = await online(mallory);
    const before = await snapshot(db);
    for (const providerOrderId of ['order_sbx_unknown', own.razor_pay_order_id]) {
      const body = JSON.parse(
        webhookEvent('order.paid', {
          providerOrderId,
          paymentId: `pay_forged_${++eventSeq}`,
          amount: own.amount,
          orderId: victim,
        }),
      );
      // The order entity says it is about Alice's order, by receipt and notes.
      body.payload.order.entity.id = 'order_sbx_unknown';
      body.payload.order.entity.notes = { order_id: String(victim) };
      const raw = JSON.stringify(body);
      const res = await sendWebhook(ctx, raw, secret, `evt_forged_${eventSeq}`);
      expect([res.statusCode, res.json()]).toEqual([200, { status: 'ignored' }]);
    }
    const receiptOnly = webhookEvent('payment.captured', {
      providerOrderId: '',
      paymentId: 'pay_receipt_only',
      amount: own.amount,
      orderId: victim,
    });
    expect((await sendWebhook(ctx, receiptOnly, secret, 'evt_receipt_only')).json()).toEqual({
      status: 'ignored',
    });
    const after = await snapshot(db);
    expect(after.orderStates).toEqual(before.orderStates);
    expect(after.bookingStates).toEqual(before.bookingStates);
    expect((await orderRow(db, victim)).status).toBe('awaiting_payment');
    expect(await paymentsOf(db, victim)).toEqual([]);
  });

  it("refuses a confirm of order A carrying order B's payment, the buyer's own or someone else's", async () => {
    const db = ctx.database.db;
    const a = await online(alice);
    const b = await online(alice);
    const m = await online(mallory);
    for (const other of [b, m]) {
      const pay = await sandboxPay(ctx, other);
      expect(pay.statusCode).toBe(200);
      const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = pay.json();
      const attempts = [
        // B's payment as it is: the provider order is not A's.
        { razorpay_order_id, payment_id: razorpay_payment_id, signature: razorpay_signature },
        // B's payment claimed for A's provider order: the signature does not cover it.
        {
          razorpay_order_id: a.razor_pay_order_id,
          payment_id: razorpay_payment_id,
          signature: razorpay_signature,
        },
      ];
      for (const attempt of attempts) {
        const res = await confirm(ctx, alice, { order_id: a.order_id, amount: a.amount, ...attempt });
        expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_signature']);
      }
    }
    expect((await orderRow(db, a.order_id)).status).toBe('pending_payment');
    expect(await paymentsOf(db, a.order_id)).toEqual([]);
  });

  it('the sandbox Pay needs the order’s own pay token, pays only that order, its own amount, once', async () => {
    const db = ctx.database.db;
    const mine = await online(alice);
    const theirs = await online(mallory);
    const pay = (body: object) => post(ctx, '/api/payments/sandbox/pay', null, body);
    // Anonymous: no token is a 400, a wrong one or another order's is a 404 (as for no such order).
    expect((await pay({ razor_pay_order_id: mine.razor_pay_order_id })).statusCode).toBe(400);
    for (const token of ['0'.repeat(64), payTokenOf(theirs.checkout_url), 'x']) {
      const res = await pay({ razor_pay_order_id: mine.razor_pay_order_id, token });
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
    }
    // The window itself is not served without the token either.
    const window = await ctx.app.inject({
      method: 'GET',
      url: mine.checkout_url.replace(payTokenOf(mine.checkout_url), payTokenOf(theirs.checkout_url)),
    });
    expect(window.statusCode).toBe(404);
    // The page cannot choose the amount: the body has no say in it.
    const first = await pay({
      razor_pay_order_id: mine.razor_pay_order_id,
      token: payTokenOf(mine.checkout_url),
      amount: 1,
    });
    expect(first.statusCode).toBe(200);
    // Pressed again (or replayed): the same payment, not a second one.
    const [again, concurrent] = await Promise.all([sandboxPay(ctx, mine), sandboxPay(ctx, mine)]);
    expect(again.json()).toEqual(first.json());
    expect(concurrent.json()).toEqual(first.json());
    const ledger = await db.select().from(sandboxPayments);
    const ofMine = ledger.filter((p) => p.providerOrderId === mine.razor_pay_order_id);
    expect(ofMine.map((p) => p.amountPaise)).toEqual([mine.amount]);
    expect(ledger.some((p) => p.providerOrderId === theirs.razor_pay_order_id)).toBe(false);
  });
});

describe('a deployment other machines reach, with the sandbox named and its own key secret', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        HOST: '0.0.0.0',
        ALLOW_CONSOLE_SMS: 'true',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_KEY_SECRET: 'a-staging-secret-nobody-knows',
      },
    });
  });
  afterAll(() => ctx.close());

  it('refuses a confirm and a webhook signed with the public default key', async () => {
    const alice = await tokenFor(ctx, 41);
    const site = await insertProduct(ctx.database.db);
    const order = (await book(ctx, alice, [line(site.id, START, END)], WEEK_PRICE)).json();
    const out = (await checkout(ctx, alice, order.order_id)).json();
    const forged = await confirm(ctx, alice, {
      order_id: order.order_id,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...paid(PUBLIC_SANDBOX_KEY_SECRET, out.razor_pay_order_id),
    });
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'invalid_signature']);
    const event = webhookEvent('order.paid', {
      providerOrderId: out.razor_pay_order_id,
      paymentId: 'pay_forged_default',
      amount: out.amount,
    });
    expect((await sendWebhook(ctx, event, PUBLIC_SANDBOX_KEY_SECRET, 'evt_default_key')).statusCode).toBe(
      400,
    );
    expect((await orderRow(ctx.database.db, order.order_id)).status).toBe('pending_payment');
    // The window's own Pay still works for the buyer, signed with the deployment's secret.
    const pay = await sandboxPay(ctx, out);
    const genuine = await confirm(ctx, alice, {
      order_id: order.order_id,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      payment_id: pay.json().razorpay_payment_id,
      signature: pay.json().razorpay_signature,
    });
    expect(genuine.json()).toEqual({ data: 'Payment Success' });
  });
});
