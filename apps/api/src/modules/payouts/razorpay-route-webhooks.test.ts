import Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac } from '../../../test/api-calls.ts';
import { opsAction, payoutOfLine, syncNow } from '../../../test/payout-calls.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { WEBHOOK_SECRET } from '../payments/razorpay-stub.test-helpers.ts';
import { call, ok, operator } from '../sites/sites.test-helpers.ts';
import { payoutRetryDelayMs } from './payout-sync.service.ts';
import { startRouteApp } from './razorpay-route.test-helpers.ts';

/**
 * Razorpay Route's webhooks as Razorpay documents them (decision 066): transfer.processed (the transfer and
 * its recipient_settlement_id), settlement.processed (the settlement's UTR), transfer.failed; anything
 * else is answered 2xx and ignored. Bodies shaped like Razorpay's sample payloads, signed as Razorpay
 * signs them (the SDK's own validateWebhookSignature accepts each signature used here).
 */
describe('Razorpay Route webhooks', () => {
  let route: Awaited<ReturnType<typeof startRouteApp>>;
  let ctx: TestContext;
  let op: string;
  beforeAll(async () => {
    route = await startRouteApp();
    ctx = route.ctx;
    op = await operator(ctx);
  });
  afterAll(() => route.close());

  const transferEvent = (
    kind: string,
    createdAt: number,
    t: { id: string; payoutId: number; amount: number; status: string; settlementId?: string | null },
  ) =>
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_CJoeHMNpi0nC7k',
      event: kind,
      contains: ['transfer'],
      payload: {
        transfer: {
          entity: {
            id: t.id,
            entity: 'transfer',
            status: t.status,
            source: 'pay_x',
            recipient: 'acc_route1',
            amount: t.amount,
            currency: 'INR',
            amount_reversed: 0,
            notes: { payout_id: String(t.payoutId) },
            fees: 0,
            tax: 0,
            on_hold: true,
            on_hold_until: null,
            recipient_settlement_id: t.settlementId ?? null,
            created_at: createdAt - 10,
            linked_account_notes: [],
            processed_at: t.status === 'processed' ? createdAt : null,
          },
        },
      },
      created_at: createdAt,
    });
  const settlementEvent = (id: string, utr: string, createdAt: number) =>
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_route1',
      event: 'settlement.processed',
      contains: ['settlement'],
      payload: {
        settlement: {
          entity: {
            id,
            entity: 'settlement',
            amount: 892_500,
            status: 'processed',
            fees: 0,
            tax: 0,
            utr,
            created_at: createdAt,
          },
        },
      },
      created_at: createdAt,
    });
  const send = (body: string, signature?: string, header?: string) => {
    const sig = signature ?? hmac(WEBHOOK_SECRET, body);
    if (signature === undefined)
      expect(Razorpay.validateWebhookSignature(body, sig, WEBHOOK_SECRET)).toBe(true);
    return route.sendWebhook(body, sig, header);
  };
  const status = async (body: string, header?: string) => {
    const res = await send(body, undefined, header);
    expect(res.statusCode).toBe(200);
    return res.json().status as string;
  };

  it('transfer.processed is applied once: a replay with another event-id header is still a duplicate', async () => {
    const p = await route.paidLine();
    await syncNow(ctx);
    const payout = await payoutOfLine(ctx, p.lineId);
    const body = transferEvent('transfer.processed', 1_800_000_100, {
      id: payout.transferId!,
      payoutId: payout.id,
      amount: payout.sharePaise,
      status: 'processed',
    });
    expect((await send(body, 'f'.repeat(64))).statusCode).toBe(400);
    expect(await status(body, 'evt_first')).toBe('applied');
    // The header is not signed: a replay under a new header value is recognised by the payload's ids.
    expect(await status(body, 'evt_other')).toBe('duplicate');
    expect(await status(body)).toBe('duplicate');
    expect(await payoutOfLine(ctx, p.lineId)).toMatchObject({ transferStatus: 'processed', utr: null });
  });

  it('a signed transfer.failed after processed (out of order) is recorded for operators and pays nothing again', async () => {
    const p = await route.paidLine('2026-12-21', '2026-12-28');
    await syncNow(ctx);
    const payout = await payoutOfLine(ctx, p.lineId);
    const t = { id: payout.transferId!, payoutId: payout.id, amount: payout.sharePaise };
    expect(
      await status(transferEvent('transfer.processed', 1_800_000_100, { ...t, status: 'processed' })),
    ).toBe('applied');
    await ok(await opsAction(ctx, op, payout.id, 'release', 'Proof checked by phone'));
    const failed = transferEvent('transfer.failed', 1_800_000_200, { ...t, status: 'failed' });
    expect(await status(failed)).toBe('ignored');
    expect(await status(failed)).toBe('duplicate');
    const after = await payoutOfLine(ctx, p.lineId);
    expect(after).toMatchObject({
      state: 'released',
      transferId: payout.transferId,
      transferStatus: 'processed',
      needsSync: false,
    });
    ctx.clock.advance(payoutRetryDelayMs(3));
    await syncNow(ctx);
    expect(route.stub.transfers().filter((x) => x.source === p.paymentId)).toHaveLength(1);
    const listed = await ok(
      await call(ctx, 'GET', `/api/ops/payouts?media_owner_id=${payout.mediaOwnerId}`, op),
    );
    const row = listed.payouts.find((r: { id: number }) => r.id === payout.id);
    expect(row.provider_note).toMatch(/failed after it was processed/);
    expect(row.state).toBe('released');
  });

  it('a transfer that failed before it was processed is made again once Razorpay reads it failed', async () => {
    route.stub.pendingTransfers(true);
    const p = await route.paidLine('2026-12-22', '2026-12-29');
    await syncNow(ctx);
    route.stub.pendingTransfers(false);
    const payout = await payoutOfLine(ctx, p.lineId);
    expect(payout.transferStatus).toBe('created');
    route.stub.markFailed(payout.transferId!);
    const failed = transferEvent('transfer.failed', 1_800_000_300, {
      id: payout.transferId!,
      payoutId: payout.id,
      amount: payout.sharePaise,
      status: 'failed',
    });
    expect(await status(failed)).toBe('applied');
    expect(await payoutOfLine(ctx, p.lineId)).toMatchObject({ transferStatus: 'failed', needsSync: true });
    ctx.clock.advance(payoutRetryDelayMs(1));
    await syncNow(ctx);
    const remade = await payoutOfLine(ctx, p.lineId);
    expect(remade.transferId).toMatch(/^trf_route/);
    expect(remade.transferId).not.toBe(payout.transferId);
    expect(remade.transferStatus).toBe('processed');
    // The old transfer's late events are history: they change nothing.
    expect(
      await status(
        transferEvent('transfer.processed', 1_800_000_400, {
          id: payout.transferId!,
          payoutId: payout.id,
          amount: payout.sharePaise,
          status: 'processed',
        }),
      ),
    ).toBe('ignored');
    expect((await payoutOfLine(ctx, p.lineId)).transferId).toBe(remade.transferId);
  });

  it('settlement.processed answers 2xx and records its UTR on the transfers it settled', async () => {
    const p = await route.paidLine('2026-12-24', '2026-12-31');
    await syncNow(ctx);
    const payout = await payoutOfLine(ctx, p.lineId);
    await ok(await opsAction(ctx, op, payout.id, 'release', 'Proof checked by phone'));
    route.stub.settle([payout.transferId!], 'setl_DGlQ1Rj8os78Ec');
    const body = settlementEvent('setl_DGlQ1Rj8os78Ec', '1568176960vxp0rj', 1_800_000_500);
    expect(await status(body)).toBe('applied');
    expect(await status(body)).toBe('duplicate');
    expect((await payoutOfLine(ctx, p.lineId)).utr).toBe('1568176960vxp0rj');
    const mine = await ok(await call(ctx, 'GET', '/api/partner/payouts', route.owner.token));
    expect(mine.payouts.find((r: { id: number }) => r.id === payout.id).utr).toBe('1568176960vxp0rj');
    // A settlement of no transfer of ours (the marketplace's own) is answered and ignored.
    expect(await status(settlementEvent('setl_ours', 'UTR000000000001', 1_800_000_600))).toBe('ignored');
  });

  it('answers 2xx to events it does not use (transfer.reversed is not a Route event) and 400 to a malformed one', async () => {
    for (const event of ['transfer.reversed', 'payment.captured', 'product.route.activated']) {
      const body = JSON.stringify({
        entity: 'event',
        event,
        contains: [],
        payload: {},
        created_at: 1_800_000_700,
      });
      expect(await status(body)).toBe('ignored');
    }
    expect((await send('{"event":"transfer.processed"}')).statusCode).toBe(400);
    const noEntity = JSON.stringify({
      event: 'transfer.processed',
      created_at: 1,
      payload: { transfer: {} },
    });
    expect((await send(noEntity)).statusCode).toBe(400);
  });
});
