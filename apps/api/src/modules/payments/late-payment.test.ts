import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { refundRows } from '../../../test/refund-calls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orders } from '../../db/schema.ts';
import { retryDueRefunds } from '../../workflows/settle-refund.workflow.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from './razorpay-stub.test-helpers.ts';

/**
 * Issue 19's two-tab race: the buyer opens Razorpay's window for an order, then places the same cart again
 * in a second tab, which cancels the first order and holds its dates. The payment made in the first
 * window still arrives. It can apply to nothing, so the first order is marked failed and that payment is
 * refunded automatically (docs/product-rules.md section 14) - before, it was only logged as "refund it".
 */
describe('a payment for an order the second tab cancelled', () => {
  const stub = startStub();
  let ctx: TestContext;
  let buyer: string;
  const quiet = { warn: () => {}, info: () => {} };
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: await stub.listen(),
      },
    });
    buyer = await tokenFor(ctx, 71);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  it('marks the first order failed and refunds its payment automatically, once, with its own key', async () => {
    const site = await insertProduct(ctx.database.db);
    const cart = [line(site.id, '2026-12-20', '2026-12-27')];
    const first = (await book(ctx, buyer, cart, 10_500)).json().order_id as number;
    const window = (await checkout(ctx, buyer, first)).json();
    // Second tab: the same cart again replaces the first order and holds the same dates.
    const second = await book(ctx, buyer, cart, 10_500);
    expect(second.statusCode).toBe(200);
    const [closed] = await ctx.database.db.select().from(orders).where(eq(orders.id, first));
    expect(closed.status).toBe('cancelled');

    // The first tab's window was still open: the buyer pays there.
    const payment = paid(KEY_SECRET, window.razor_pay_order_id);
    const late = await confirm(ctx, buyer, {
      order_id: first,
      razorpay_order_id: window.razor_pay_order_id,
      amount: window.amount,
      ...payment,
    });
    expect(late.statusCode).toBe(409);
    const [failed] = await ctx.database.db.select().from(orders).where(eq(orders.id, first));
    expect(failed.status).toBe('failed');
    const [refund] = await refundRows(ctx, first);
    expect(refund).toMatchObject({
      kind: 'late_payment',
      status: 'pending',
      amountPaise: window.amount,
      paymentId: payment.payment_id,
    });

    // The job queue sends it; a replay of the same payment refunds nothing more.
    expect(await retryDueRefunds(ctx.app.deps, quiet)).toEqual({ processed: 1, failed: 0 });
    await confirm(ctx, buyer, {
      order_id: first,
      razorpay_order_id: window.razor_pay_order_id,
      amount: window.amount,
      ...payment,
    });
    const rows = await refundRows(ctx, first);
    expect(rows).toHaveLength(1);
    // A payment reversal (decision 065): money that was never the order's takes no credit-note number.
    expect(rows[0]).toMatchObject({ status: 'processed', kind: 'late_payment', creditNoteNumber: null });
    const sent = stub.refundCalls.filter((c) => c.key === refund.idempotencyKey);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ paymentId: payment.payment_id, body: { amount: window.amount } });
  });
});
