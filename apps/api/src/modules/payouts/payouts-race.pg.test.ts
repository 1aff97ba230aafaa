import { ownerSharePaise } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { payoutRecoveries, payouts, sandboxTransfers } from '../../db/schema.ts';
import { hmac, line, tokenFor } from '../bookings/booking-test-helpers.ts';
import { cancel, lineIdsOf, paidOrder } from '../orders/refunds.test-helpers.ts';
import { createSitesTestApp, mediaOwner, operator } from '../sites/sites.test-helpers.ts';
import { opsAction, paidLineTakingProof, payoutOfLine, postProof, syncNow } from './payouts.test-helpers.ts';

/**
 * Payout races on PostgreSQL (decision 047): the payout row lock serialises a release and a refund, so
 * the owner is never paid more than the line's share less its refunds; two Verified proofs at once
 * release once; a webhook delivered twice at once is applied once.
 */
describe('payout races on PostgreSQL', () => {
  let ctx: TestContext;
  let owner: { token: string; ownerId: number };
  beforeAll(async () => {
    ctx = await createSitesTestApp();
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
    return rows.reduce(
      (s, p) => s + ownerSharePaise(p.valuePaise, p.refundedTaxablePaise, p.commissionPercent),
      0,
    );
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
      expect(after.sharePaise - after.reversedPaise - after.recoveredPaise).toBe(
        ownerSharePaise(after.valuePaise, after.refundedTaxablePaise, 15),
      );
      // The recoveries of earlier rounds are taken from later releases: the owner-wide sums must agree.
      expect(await ownerAtProviderPaise(owner.ownerId)).toBe(await ownerDuePaise(owner.ownerId));
    }
  });

  it('two Verified proofs at once release the payout once', async () => {
    // A new owner: the first's outstanding recoveries would be taken from this release.
    const fresh = await mediaOwner(ctx);
    const l = await paidLineTakingProof(ctx, fresh.ownerId);
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
    const l = await paidLineTakingProof(ctx, fresh.ownerId);
    await postProof(ctx, fresh.token, l, true);
    await syncNow(ctx);
    const payout = await payoutOfLine(ctx, l.lineId);
    const body = JSON.stringify({
      entity: 'event',
      event: 'transfer.processed',
      payload: { transfer: { entity: { id: payout.transferId, status: 'processed', utr: 'UTR0000001' } } },
      created_at: 1_800_000_000,
    });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/transfers/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(ctx.config.payments.sandboxKeySecret, body),
          'x-razorpay-event-id': 'evt_race_1',
        },
        payload: body,
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['applied', 'duplicate']);
    expect((await payoutOfLine(ctx, l.lineId)).utr).toBe('UTR0000001');
  });
});
