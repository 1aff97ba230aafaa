import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  bearer,
  book,
  checkout,
  confirm,
  hmac,
  line,
  paid,
  tokenFor,
} from '../bookings/booking-test-helpers.ts';
import { lineIdsOf } from '../orders/refunds.test-helpers.ts';
import { OPERATOR_PHONE } from '../partners/partners.test-helpers.ts';
import { KEY_ID, KEY_SECRET, WEBHOOK_SECRET } from '../payments/razorpay-stub.test-helpers.ts';
import { call, mediaOwner, ok, operator } from '../sites/sites.test-helpers.ts';
import { PAYOUT_MAX_ATTEMPTS, payoutRetryDelayMs } from './payout-sync.service.ts';
import { opsAction, payoutOfLine, syncNow } from './payouts.test-helpers.ts';
import { startRouteStub } from './razorpay-route-stub.test-helpers.ts';

/**
 * Razorpay Route through the SDK against a local stub shaped like its API (decision 047): the linked
 * account with the owner's bank details, the transfer on hold from the payment, reversals before the
 * release, PATCH on_hold=0, lost answers and failures retried, signed transfer webhooks.
 */
describe('Razorpay Route', () => {
  const stub = startRouteStub();
  let ctx: TestContext;
  let owner: { token: string; ownerId: number };
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
    owner = await mediaOwner(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

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
        { amount: 892_500, currency: 'INR', on_hold: 1, notes: { reference: `payout-${payout.id}` } },
      ],
    });
    await syncNow(ctx);
    expect(stub.transfers().filter((t) => t.source === p.paymentId)).toHaveLength(1);
  });

  it('a refund before release reverses the transfer; the release then PATCHes on_hold=0 with what is left', async () => {
    const p = await paidLine();
    await syncNow(ctx);
    const op = await operator(ctx);
    // ₹1,180 with GST = ₹1,000 taxable: the owner's part is ₹850.
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/ops/orders/${p.orderId}/refunds`,
      headers: bearer(op),
      payload: { amount: 1180, reason: 'Late mounting' },
    });
    expect(refund.statusCode).toBe(200);
    const reversed = await payoutOfLine(ctx, p.lineId);
    expect(reversed.reversedPaise).toBe(85_000);
    await ok(await opsAction(ctx, op, reversed.id, 'release', 'Proof checked by phone'));
    const calls = stub.seen.filter(
      (r) => r.url.startsWith(`/v1/transfers/${reversed.transferId}`) && r.method !== 'GET',
    );
    expect(calls.map((c) => `${c.method} ${c.url.replace(reversed.transferId!, 'T')}`)).toEqual([
      'POST /v1/transfers/T/reversals',
      'PATCH /v1/transfers/T',
    ]);
    expect(calls[0]!.body).toMatchObject({ amount: 85_000 });
    expect(calls[1]!.body).toEqual({ on_hold: 0 });
    const t = stub.transfers().find((x) => x.id === reversed.transferId)!;
    expect(t.amount - t.amount_reversed).toBe(892_500 - 85_000);
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

  it('transfer webhooks: signed, replays are duplicates, older events are not applied, a failed transfer is made again', async () => {
    const p = await paidLine('2026-12-22', '2026-12-29');
    await syncNow(ctx);
    const payout = await payoutOfLine(ctx, p.lineId);
    const event = (kind: string, createdAt: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        entity: 'event',
        event: kind,
        contains: ['transfer'],
        payload: {
          transfer: {
            entity: {
              id: payout.transferId,
              entity: 'transfer',
              notes: { payout_id: String(payout.id) },
              ...extra,
            },
          },
        },
        created_at: createdAt,
      });
    const send = (body: string, id: string, signature = hmac(WEBHOOK_SECRET, body)) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/transfers/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': id,
        },
        payload: body,
      });
    const processed = event('transfer.processed', 1_800_000_100, {
      status: 'processed',
      recipient_settlement: { utr: 'UTR123456789' },
    });
    expect((await send(processed, 'evt_1', 'f'.repeat(64))).statusCode).toBe(400);
    expect((await send(processed, 'evt_1')).json()).toEqual({ status: 'applied' });
    expect((await send(processed, 'evt_1')).json()).toEqual({ status: 'duplicate' });
    expect((await payoutOfLine(ctx, p.lineId)).utr).toBe('UTR123456789');
    // An older failure arriving late changes nothing.
    expect(
      (await send(event('transfer.failed', 1_800_000_050, { status: 'failed' }), 'evt_0')).json(),
    ).toEqual({ status: 'ignored' });
    expect((await payoutOfLine(ctx, p.lineId)).transferId).toBe(payout.transferId);
    // A newer failure: the transfer is forgotten and made again by the next pass.
    stub.markFailed(payout.transferId!);
    expect(
      (await send(event('transfer.failed', 1_800_000_200, { status: 'failed' }), 'evt_2')).json(),
    ).toEqual({ status: 'applied' });
    const after = await payoutOfLine(ctx, p.lineId);
    expect(after).toMatchObject({ transferId: null, state: 'held', needsSync: true });
    ctx.clock.advance(payoutRetryDelayMs(1));
    await syncNow(ctx);
    const remade = await payoutOfLine(ctx, p.lineId);
    expect(remade.transferId).toMatch(/^trf_route/);
    expect(remade.transferId).not.toBe(payout.transferId);
    expect((await send('{"event":"transfer.processed"}', 'evt_3')).statusCode).toBe(400);
    expect(
      (
        await send(
          JSON.stringify({
            event: 'payment.captured',
            created_at: 1,
            payload: { transfer: { entity: { id: 'x' } } },
          }),
          'evt_4',
        )
      ).json(),
    ).toEqual({ status: 'ignored' });
  });
});
