import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac, line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import {
  opsAction,
  paidLineTakingProof,
  payoutOfLine,
  postProof,
  quiet,
  syncNow,
} from '../../../test/payout-calls.ts';
import { cancel, lineIdsOf, opsRefund, paidOrder } from '../../../test/refund-calls.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { payoutRecoveries, payouts, sandboxTransferReversals, sandboxTransfers } from '../../db/schema.ts';
import { syncDuePayouts } from '../../workflows/payout-sync.workflow.ts';
import { createSitesTestApp, mediaOwner, operator } from '../sites/sites.test-helpers.ts';
import { duePaise } from './payout-taxes.ts';

/**
 * Payout races on PostgreSQL (decisions 047, 066): the payout row lock serialises a release and a refund,
 * so the owner is never paid more than the line's share less its refunds; the job's reversal and an
 * operator's Hold at once send one reversal (one sync pass at a time per payout, and an idempotency key on
 * every reversal); two Verified proofs at once release once; a webhook delivered twice at once is applied once.
 */
describe('payout races on PostgreSQL', () => {
  let ctx: TestContext;
  let make: Factory;
  let owner: { token: string; ownerId: number };
  beforeAll(async () => {
    ctx = await createSitesTestApp();
    make = factory(ctx);
    owner = await mediaOwner(ctx);
  });
  afterAll(() => ctx.close());

  /**
   * The owner's money as the provider holds it (every transfer less its reversals) less the recoveries
   * still to take from the owner's next transfers: it must be what the ledger says the owner is due.
   */
  async function ownerAtProviderPaise(ownerId: number): Promise<number> {
    const rows = await ctx.database.db.select().from(payouts).where(eq(payouts.mediaOwnerId, ownerId));
    const refs = new Set(rows.map((p) => `payout-${p.id}`));
    const transfers = (await ctx.database.db.select().from(sandboxTransfers)).filter((t) =>
      refs.has(t.reference),
    );
    for (const t of transfers) {
      const p = rows.find((r) => `payout-${r.id}` === t.reference)!;
      // Never more than the line's share leaves for a line.
      expect(t.amountPaise).toBeLessThanOrEqual(p.sharePaise);
    }
    const outstanding = (
      await ctx.database.db.select().from(payoutRecoveries).where(eq(payoutRecoveries.mediaOwnerId, ownerId))
    )
      .filter((r) => r.recoveredFromPayoutId === null)
      .reduce((s, r) => s + r.amountPaise, 0);
    return transfers.reduce((s, t) => s + t.amountPaise - t.reversedPaise, 0) - outstanding;
  }

  async function ownerDuePaise(ownerId: number): Promise<number> {
    const rows = await ctx.database.db.select().from(payouts).where(eq(payouts.mediaOwnerId, ownerId));
    return rows.reduce((s, p) => s + duePaise(p), 0);
  }

  it('a release racing a full refund never leaves the owner more than the line is worth now (nothing)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const buyer = await tokenFor(ctx, 1400 + round);
      const op = await operator(ctx);
      const site = await insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId });
      const orderId = await paidOrder(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500);
      const [lineId] = await lineIdsOf(ctx, orderId);
      await syncNow(ctx);
      const payout = await payoutOfLine(ctx, lineId!);
      const [released, cancelled] = await Promise.all([
        opsAction(ctx, op, payout.id, 'release', 'Race'),
        cancel(ctx, buyer, orderId, { confirm: true }),
      ]);
      expect(cancelled.statusCode).toBe(200);
      expect([200, 409]).toContain(released.statusCode);
      await syncNow(ctx);
      const after = await payoutOfLine(ctx, lineId!);
      expect(after.reversedPaise + after.recoveredPaise).toBe(payout.sharePaise);
      expect(['reversed', 'recovered']).toContain(after.state);
      // Refunded in full: the line is worth nothing to its owner now, whichever came first.
      expect(after.sharePaise - after.reversedPaise - after.recoveredPaise).toBe(0);
      expect(duePaise(after)).toBe(0);
      // The recoveries of earlier rounds are taken from later releases: the owner-wide sums must agree.
      expect(await ownerAtProviderPaise(owner.ownerId)).toBe(await ownerDuePaise(owner.ownerId));
    }
  });

  it('the reversal sync job and an operator Hold at the same moment send exactly one reversal', async () => {
    const op = await operator(ctx);
    for (let round = 0; round < 4; round += 1) {
      const buyer = await tokenFor(ctx, 1500 + round);
      const site = await insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId });
      const orderId = await paidOrder(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500);
      const [lineId] = await lineIdsOf(ctx, orderId);
      await syncNow(ctx);
      const before = await payoutOfLine(ctx, lineId!);
      expect(before.transferId).toMatch(/^trf_sbx_/);
      // ₹1,180 with GST = ₹1,000 taxable: the owner's part is ₹997 (₹1,000 + ₹180 GST on the supply
      // - ₹150 commission - ₹27 its GST - ₹5 TCS - ₹1 TDS, DESIGN 18), reversed from the held transfer.
      expect((await opsRefund(ctx, op, orderId, { amount: 1180, reason: 'Late mounting' })).statusCode).toBe(
        200,
      );
      expect(await payoutOfLine(ctx, lineId!)).toMatchObject({ reversedPaise: 99_700, needsSync: true });
      const [, held] = await Promise.all([
        syncDuePayouts(ctx.app.deps, quiet),
        opsAction(ctx, op, before.id, 'hold', 'Buyer complaint open'),
      ]);
      expect(held.statusCode).toBe(200);
      await syncNow(ctx);
      const reversals = await ctx.database.db
        .select()
        .from(sandboxTransferReversals)
        .where(eq(sandboxTransferReversals.transferId, before.transferId!));
      expect(reversals.map((r) => r.amountPaise)).toEqual([99_700]);
      const [transfer] = await ctx.database.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.id, before.transferId!));
      expect(transfer!.reversedPaise).toBe(99_700);
      expect(await payoutOfLine(ctx, lineId!)).toMatchObject({
        operatorHold: true,
        needsSync: false,
        syncClaimedUntil: null,
      });
    }
  });

  it('the sandbox answers a repeated reversal key with the first reversal, also when both arrive at once', async () => {
    const buyer = await tokenFor(ctx, 1600);
    const site = await insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId });
    const orderId = await paidOrder(ctx, buyer, [line(site.id, '2026-12-20', '2026-12-27')], 10_500);
    const [lineId] = await lineIdsOf(ctx, orderId);
    await syncNow(ctx);
    const { transferId } = await payoutOfLine(ctx, lineId!);
    const provider = ctx.app.deps.transfers!;
    const answers = await Promise.all([
      provider.reverseTransfer(transferId!, 10_000, {}, 'payout-test-to-1'),
      provider.reverseTransfer(transferId!, 10_000, {}, 'payout-test-to-1'),
    ]);
    expect(answers[0]!.id).toBe(answers[1]!.id);
    expect(answers.map((a) => a.repeated).sort()).toEqual([false, true]);
    const [transfer] = await ctx.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.id, transferId!));
    expect(transfer!.reversedPaise).toBe(10_000);
  });

  it('two Verified proofs at once release the payout once', async () => {
    // A new owner: the first's outstanding recoveries would be taken from this release.
    const fresh = await mediaOwner(ctx);
    const l = await paidLineTakingProof(ctx, make, fresh.ownerId);
    const ids = await Promise.all([
      postProof(ctx, fresh.token, l, true),
      postProof(ctx, fresh.token, l, true),
    ]);
    const payout = await payoutOfLine(ctx, l.lineId);
    expect(payout.state).toBe('released');
    expect(ids).toContain(payout.releasedByProofId);
    await syncNow(ctx);
    const transfers = await ctx.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, `payout-${payout.id}`));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountPaise).toBe(payout.sharePaise);
  });

  it('the same transfer webhook delivered twice at once is applied once', async () => {
    const fresh = await mediaOwner(ctx);
    const l = await paidLineTakingProof(ctx, make, fresh.ownerId);
    await postProof(ctx, fresh.token, l, true);
    await syncNow(ctx);
    const payout = await payoutOfLine(ctx, l.lineId);
    const body = JSON.stringify({
      entity: 'event',
      event: 'transfer.processed',
      contains: ['transfer'],
      payload: {
        transfer: {
          entity: { id: payout.transferId, status: 'processed', notes: { payout_id: String(payout.id) } },
        },
      },
      created_at: 1_800_000_000,
    });
    // Two deliveries under different event-id headers: the payload's own ids make them one event.
    const send = (header: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/transfers/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(ctx.config.payments.sandboxKeySecret, body),
          'x-razorpay-event-id': header,
        },
        payload: body,
      });
    const answers = await Promise.all([send('evt_race_1'), send('evt_race_2')]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['applied', 'duplicate']);
    expect((await payoutOfLine(ctx, l.lineId)).transferStatus).toBe('processed');
  });
});
