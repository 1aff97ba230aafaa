import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api-calls.ts';
import { opsAction, payoutOfLine, syncNow } from '../../../test/payout-calls.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { call, ok, operator } from '../sites/sites.test-helpers.ts';
import { PAYOUT_MAX_ATTEMPTS, payoutRetryDelayMs, reversalKey } from './payout-sync.service.ts';
import { startRouteApp } from './razorpay-route.test-helpers.ts';

/**
 * Razorpay Route through the SDK against a local stub shaped like its API (decision 047): the linked
 * account with the owner's bank details, the transfer on hold from the payment, reversals before the
 * release, PATCH on_hold=0, lost answers and failures retried; a reversal carries its idempotency key
 * (decision 066). The webhooks are in razorpay-route-webhooks.test.ts.
 */
describe('Razorpay Route', () => {
  let route: Awaited<ReturnType<typeof startRouteApp>>;
  let stub: Awaited<ReturnType<typeof startRouteApp>>['stub'];
  let ctx: TestContext;
  let owner: { token: string; ownerId: number };
  let paidLine: Awaited<ReturnType<typeof startRouteApp>>['paidLine'];
  beforeAll(async () => {
    route = await startRouteApp();
    ({ stub, ctx, owner, paidLine } = route);
  });
  afterAll(() => route.close());

  it('creates the linked account with the bank details, then one transfer on hold from the payment', async () => {
    const p = await paidLine();
    await syncNow(ctx);
    const account = stub.seen.find((r) => r.method === 'POST' && r.url === '/v2/accounts');
    expect(account?.body).toMatchObject({
      type: 'route',
      reference_id: `owner-${owner.ownerId}`,
      legal_info: { pan: expect.any(String), gst: expect.any(String) },
    });
    expect(stub.seen.some((r) => /\/v2\/accounts\/[^/]+\/stakeholders$/.test(r.url))).toBe(true);
    const product = stub.seen.find((r) => r.method === 'PATCH' && /\/products\//.test(r.url));
    expect(product?.body).toMatchObject({
      settlements: { account_number: expect.any(String), ifsc_code: expect.any(String) },
    });
    const payout = await payoutOfLine(ctx, p.lineId);
    expect(payout.transferId).toMatch(/^trf_route/);
    const made = stub.seen.filter(
      (r) => r.method === 'POST' && r.url === `/v1/payments/${p.paymentId}/transfers`,
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({
      transfers: [
        { amount: 1_046_850, currency: 'INR', on_hold: 1, notes: { reference: `payout-${payout.id}` } },
      ],
    });
    await syncNow(ctx);
    expect(stub.transfers().filter((t) => t.source === p.paymentId)).toHaveLength(1);
  });

  it('a refund before release reverses the transfer; the release then PATCHes on_hold=0 with what is left', async () => {
    const p = await paidLine();
    await syncNow(ctx);
    const op = await operator(ctx);
    // ₹1,180 with GST = ₹1,000 taxable: the owner's part is ₹997 (DESIGN 18: with its GST, less commission, its GST, TCS and TDS).
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${p.orderId}/refunds`,
      headers: bearer(op),
      payload: { amount: 1180, reason: 'Late mounting' },
    });
    expect(refund.statusCode).toBe(200);
    const reversed = await payoutOfLine(ctx, p.lineId);
    expect(reversed.reversedPaise).toBe(99_700);
    await ok(await opsAction(ctx, op, reversed.id, 'release', 'Proof checked by phone'));
    const calls = stub.seen.filter(
      (r) => r.url.startsWith(`/v1/transfers/${reversed.transferId}`) && r.method !== 'GET',
    );
    expect(calls.map((c) => `${c.method} ${c.url.replace(reversed.transferId!, 'T')}`)).toEqual([
      'POST /v1/transfers/T/reversals',
      'PATCH /v1/transfers/T',
    ]);
    expect(calls[0]!.body).toMatchObject({ amount: 99_700 });
    expect(calls[1]!.body).toEqual({ on_hold: 0 });
    const t = stub.transfers().find((x) => x.id === reversed.transferId)!;
    expect(t.amount - t.amount_reversed).toBe(1_046_850 - 99_700);
    expect(t.on_hold).toBe(false);
  });

  it('a lost answer is found again, never transferred twice; failures retry, then read failed for operators', async () => {
    const p = await paidLine();
    stub.loseNext(1);
    await syncNow(ctx);
    expect((await payoutOfLine(ctx, p.lineId)).transferId).toBeNull();
    ctx.clock.advance(payoutRetryDelayMs(1));
    await syncNow(ctx);
    expect(stub.transfers().filter((t) => t.source === p.paymentId)).toHaveLength(1);
    expect((await payoutOfLine(ctx, p.lineId)).transferId).toMatch(/^trf_route/);

    const q = await paidLine('2026-12-21', '2026-12-28');
    for (let i = 1; i <= PAYOUT_MAX_ATTEMPTS; i += 1) {
      stub.failNext(1);
      await syncNow(ctx);
      ctx.clock.advance(payoutRetryDelayMs(i));
    }
    const failed = await payoutOfLine(ctx, q.lineId);
    expect(failed).toMatchObject({ state: 'failed', needsSync: false });
    const op = await operator(ctx);
    const listed = await ok(await call(ctx, 'GET', '/api/ops/payouts?state=failed', op));
    expect(listed.payouts.map((r: { id: number }) => r.id)).toContain(failed.id);
    const retried = await ok(await opsAction(ctx, op, failed.id, 'release', 'Provider is back'));
    expect(retried.payout.state).toBe('released');
    expect(retried.payout.transfer_id).toMatch(/^trf_route/);
  });

  it('a reversal whose answer was lost is found by its idempotency key on the retry, never sent twice', async () => {
    const p = await paidLine('2026-12-23', '2026-12-30');
    await syncNow(ctx);
    const op = await operator(ctx);
    const held = await payoutOfLine(ctx, p.lineId);
    // Razorpay applies the reversal but the answer is lost on the way back.
    stub.loseNext(1, (method, url) => method === 'POST' && url.endsWith('/reversals'));
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${p.orderId}/refunds`,
      headers: bearer(op),
      payload: { amount: 1180, reason: 'Late mounting' },
    });
    expect(refund.statusCode).toBe(200);
    await syncNow(ctx);
    const lost = await payoutOfLine(ctx, p.lineId);
    expect(lost).toMatchObject({ needsSync: true, attempts: 1, syncClaimedUntil: null });
    ctx.clock.advance(payoutRetryDelayMs(1));
    await syncNow(ctx);
    const posts = stub.seen.filter(
      (r) => r.method === 'POST' && r.url === `/v1/transfers/${held.transferId}/reversals`,
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      amount: 99_700,
      notes: { payout_id: String(held.id), idempotency_key: reversalKey(held.id, 1_046_850 - 99_700) },
    });
    const t = stub.transfers().find((x) => x.id === held.transferId)!;
    expect(t.amount_reversed).toBe(99_700);
    expect(await payoutOfLine(ctx, p.lineId)).toMatchObject({ needsSync: false, attempts: 0 });
  });
});
