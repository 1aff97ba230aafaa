import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, checkout, confirm, line, paid, tokenFor } from '../../../test/api-calls.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { opsRefund, refundRows } from '../../../test/refund-calls.ts';
import { signedInToken } from '../../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, orders } from '../../db/schema.ts';
import { retryDueRefunds } from '../../workflows/settle-refund.workflow.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { KEY_ID, KEY_SECRET, startStub, WEBHOOK_SECRET } from '../payments/razorpay-stub.test-helpers.ts';
import { REFUND_MAX_ATTEMPTS, refundRetryDelayMs } from './refund-settlement.service.ts';

/**
 * The refund ledger (docs/decisions/036-order-ledger.md) against a local stub of Razorpay's API: a refund
 * the provider refused is money not returned (no credit note, the order still "paid"), still holds its
 * share of the cap, is retried by the job queue with the same key, and - when it keeps failing - waits
 * for an operator, whose abandon alone frees its share.
 */
describe('refund ledger', () => {
  const stub = startStub();
  let ctx: TestContext;
  let alice: string;
  let operator: string;
  const quiet = { warn: () => {}, info: () => {} };
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
    alice = await tokenFor(ctx, 61);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  /** One ₹10,500 line billed in Maharashtra: ₹12,390 charged with GST. */
  async function paidOrderOf7Days() {
    // The clock moves by hours in these tests: a fresh session each time (tokens last an hour).
    alice = await tokenFor(ctx, 61);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
    const site = await insertProduct(ctx.database.db);
    const orderId = (await book(ctx, alice, [line(site.id, '2026-12-20', '2026-12-27')], 10_500)).json()
      .order_id as number;
    const out = (await checkout(ctx, alice, orderId)).json();
    const payment = paid(KEY_SECRET, out.razor_pay_order_id);
    const res = await confirm(ctx, alice, {
      order_id: orderId,
      razorpay_order_id: out.razor_pay_order_id,
      amount: out.amount,
      ...payment,
    });
    expect(res.statusCode).toBe(200);
    return orderId;
  }
  const statusOf = async (orderId: number) =>
    (await ctx.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].s;

  it('refuses amounts below one paisa (400) and spends nothing on them', async () => {
    const orderId = await paidOrderOf7Days();
    for (const amount of [5e-324, 0.001, 0, -1]) {
      const res = await opsRefund(ctx, operator, orderId, { amount, reason: 'Nothing' });
      expect(res.statusCode, String(amount)).toBe(400);
    }
    expect(await refundRows(ctx, orderId)).toHaveLength(0);
  });

  it('a refused refund returns no money and spends no credit note; the job queue retries it with the same key', async () => {
    const orderId = await paidOrderOf7Days();
    stub.failOnce();
    const refused = await opsRefund(
      ctx,
      operator,
      orderId,
      { amount: 2500, reason: 'Damaged board' },
      'ledger-1',
    );
    expect(refused.statusCode).toBe(502);
    const [row] = await refundRows(ctx, orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, creditNoteNumber: null, processedAt: null });
    expect(row.lastError).toMatch(/500/);
    expect(row.nextAttemptAt?.getTime()).toBe(ctx.clock.now().getTime() + refundRetryDelayMs(1));
    expect(await statusOf(orderId)).toBe('paid');
    // Still owed, so still counted: ₹12,390 - ₹2,500 = ₹9,890 is all that is left.
    expect(
      (await opsRefund(ctx, operator, orderId, { amount: 9890.01, reason: 'Too much' })).statusCode,
    ).toBe(409);

    // Not yet due: nothing is sent.
    const calls = stub.refundCalls.length;
    await retryDueRefunds(ctx.app.deps, quiet);
    expect(stub.refundCalls.length).toBe(calls);

    ctx.clock.advance(refundRetryDelayMs(1));
    expect(await retryDueRefunds(ctx.app.deps, quiet)).toEqual({ processed: 1, failed: 0 });
    const [after] = await refundRows(ctx, orderId);
    expect(after).toMatchObject({ status: 'processed', creditNoteNumber: expect.stringMatching(/^CN\//) });
    expect(stub.refundCalls.slice(calls).map((c) => c.key)).toEqual([row.idempotencyKey]);
    expect(stub.refunds().filter((r) => r.key === row.idempotencyKey)).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('partially_refunded');

    // The rest, processed at once: the order reads refunded only now that the money has left.
    const rest = await opsRefund(ctx, operator, orderId, { amount: 9890, reason: 'Campaign pulled' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ refundable: 0, refund: { status: 'processed' } });
    expect(await statusOf(orderId)).toBe('refunded');
  });

  it('after its last try a failed refund waits for an operator; abandoning it (audited) frees its share', async () => {
    const orderId = await paidOrderOf7Days();
    stub.failOnce();
    expect(
      (await opsRefund(ctx, operator, orderId, { amount: 1000, reason: 'Late posting' }, 'ledger-2'))
        .statusCode,
    ).toBe(502);
    for (let attempt = 1; attempt < REFUND_MAX_ATTEMPTS; attempt += 1) {
      ctx.clock.advance(refundRetryDelayMs(attempt));
      stub.failOnce();
      await retryDueRefunds(ctx.app.deps, quiet);
    }
    const [row] = await refundRows(ctx, orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS, nextAttemptAt: null });
    ctx.clock.advance(24 * 3_600_000);
    alice = await tokenFor(ctx, 61);
    operator = await signedInToken(ctx, OPERATOR_PHONE);
    const calls = stub.refundCalls.length;
    await retryDueRefunds(ctx.app.deps, quiet);
    expect(stub.refundCalls.length).toBe(calls);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/refunds?status=failed',
      headers: bearer(operator),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().refunds).toContainEqual(
      expect.objectContaining({
        id: row.id,
        order_id: orderId,
        needs_action: true,
        attempts: REFUND_MAX_ATTEMPTS,
      }),
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/ops/refunds', headers: bearer(alice) })).statusCode,
    ).toBe(403);

    // Held: ₹12,390 - ₹1,000 is all that can still be refunded.
    expect((await opsRefund(ctx, operator, orderId, { amount: 12_390, reason: 'All' })).statusCode).toBe(409);
    const abandon = (reason: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/ops/refunds/${row.id}/abandon`,
        headers: bearer(operator),
        payload: { reason },
      });
    expect((await abandon('')).statusCode).toBe(400);
    const abandoned = await abandon('Paid back by bank transfer');
    expect(abandoned.statusCode).toBe(200);
    expect(abandoned.json()).toMatchObject({
      status: 'abandoned',
      abandon_reason: 'Paid back by bank transfer',
    });
    expect((await abandon('Again')).statusCode).toBe(409);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'refund.abandon'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityId: String(row.id) });
    // Its share is free again: the whole charge can be refunded now.
    const all = await opsRefund(ctx, operator, orderId, { amount: 12_390, reason: 'All' });
    expect(all.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('refunded');
  });
});
