import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, tokenFor } from '../../../test/api-calls.ts';
import { type Factory, factory } from '../../../test/factory.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import {
  opsAction,
  paidLineTakingProof,
  payoutOfLine,
  postProof,
  syncNow,
} from '../../../test/payout-calls.ts';
import { paidOrder } from '../../../test/refund-calls.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditLog, linkedAccounts, mediaOwners, sandboxTransfers } from '../../db/schema.ts';
import { call, createSitesTestApp, mediaOwner, ok, operator } from '../sites/sites.test-helpers.ts';

/** Payouts released by verified proof (docs/product-rules.md "Payouts", decision 047), on the sandbox's Route. */

let ctx: TestContext;
let make: Factory;
let owner: { token: string; ownerId: number };
let rival: { token: string; ownerId: number };
let op: string;
beforeAll(async () => {
  ctx = await createSitesTestApp();
  make = factory(ctx);
  owner = await mediaOwner(ctx);
  rival = await mediaOwner(ctx);
  op = await operator(ctx);
});
afterAll(() => ctx.close());

const ledger = async (token: string, query = '') =>
  ok(await call(ctx, 'GET', `/api/partner/payouts${query}`, token));
const opsLedger = async (query = '') => ok(await call(ctx, 'GET', `/api/ops/payouts${query}`, op));

describe('a paid line becomes a transfer on hold', () => {
  it('holds the share (DESIGN 18: value + GST on the supply less commission, its GST, TCS and TDS), creates the transfer on hold once, shows it to its owner only', async () => {
    const site = await insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId });
    const buyer = await tokenFor(ctx, 501);
    const orderId = await paidOrder(ctx, buyer, [line(site.id, '2026-12-01', '2026-12-08')], 10_500);
    const mine = await ledger(owner.token);
    const row = mine.payouts.find((p: { order_id: number }) => p.order_id === orderId);
    expect(row).toMatchObject({
      state: 'held',
      // ₹10,500 of a Maharashtra site, its owner registered in Maharashtra (CGST + SGST): + ₹1,890 GST
      // - ₹1,575 commission - ₹283.50 its GST - ₹52.50 TCS (0.25 + 0.25 %) - ₹10.50 TDS (0.1 %).
      share: 10_468.5,
      amount: 10_468.5,
      reversed: 0,
      hold_reason: 'not_started',
      flagged: false,
      first_day: '2026-12-01',
      last_day: '2026-12-07',
      transfer_id: null,
    });
    expect((await ledger(rival.token)).payouts).toEqual([]);
    // The buyer's order page can say the owner is paid after the proof is verified.
    const detail = await ok(await call(ctx, 'GET', `/api/orders/${orderId}`, buyer));
    expect(detail.lines[0].payout_state).toBe('held');

    await syncNow(ctx);
    await syncNow(ctx);
    const after = await payoutOfLine(ctx, row.line_id);
    expect(after.transferId).toMatch(/^trf_sbx_/);
    // The tax context and figures are recorded with the payout (decision 093): refunds and statements
    // read them, never today's settings.
    expect(after).toMatchObject({
      supplyKind: 'intra',
      commissionSupplyKind: 'intra',
      panValid: true,
      supplyOn: '2026-11-22',
      gstOnSupplyPaise: 189_000,
      commissionPaise: 157_500,
      commissionGstPaise: 28_350,
      tcsPaise: 5_250,
      tdsPaise: 1_050,
    });
    const transfers = await ctx.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, `payout-${after.id}`));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amountPaise: 1_046_850, onHold: true, reversedPaise: 0 });
    const account = (await ledger(owner.token)).linked_account;
    expect(account).toMatchObject({ status: 'active', bank_account_last4: expect.any(String) });
    expect(account.account_id).toMatch(/^acc_sbx_/);
  });
});

describe('proofs release payouts', () => {
  it('a Verified proof releases the payout once; a second Verified proof releases nothing more; the proof cannot be withdrawn', async () => {
    const l = await paidLineTakingProof(ctx, make, owner.ownerId);
    const first = await postProof(ctx, owner.token, l, true);
    const released = await payoutOfLine(ctx, l.lineId);
    expect(released).toMatchObject({ state: 'released', releasedByProofId: first });
    await postProof(ctx, owner.token, l, true);
    const again = await payoutOfLine(ctx, l.lineId);
    expect(again.releasedByProofId).toBe(first);
    expect(again.releasedAt).toEqual(released.releasedAt);
    await syncNow(ctx);
    const transfers = await ctx.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, `payout-${released.id}`));
    // A cash order: one direct transfer at release, never on hold, with a UTR.
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amountPaise: 1_046_850, onHold: false });
    const row = (await ledger(owner.token)).payouts.find((p: { id: number }) => p.id === released.id);
    expect(row).toMatchObject({ state: 'released', hold_reason: null, utr: expect.any(String) });

    const withdrawn = await call(ctx, 'DELETE', `/api/partner/proofs/${first}`, owner.token);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().error.message).toMatch(/released the owner's payout/);
  });

  it('an Unverified proof waits for an operator, who accepts it with a reason (audited): released', async () => {
    const l = await paidLineTakingProof(ctx, make, owner.ownerId);
    const proofId = await postProof(ctx, owner.token, l, false);
    const payout = await payoutOfLine(ctx, l.lineId);
    expect(payout.state).toBe('held');
    const waiting = await opsLedger('?awaiting_decision=true');
    const row = waiting.payouts.find((p: { id: number }) => p.id === payout.id);
    expect(row).toMatchObject({ hold_reason: 'proof_unverified', state: 'held' });
    // Owners never see another owner's payouts, and cannot act as operators.
    expect((await opsAction(ctx, owner.token, payout.id, 'accept-proof')).statusCode).toBe(403);
    const accepted = await ok(
      await opsAction(ctx, op, payout.id, 'accept-proof', 'Site visible, timestamp fine'),
    );
    expect(accepted.payout).toMatchObject({ state: 'released', reason: 'Site visible, timestamp fine' });
    expect((await payoutOfLine(ctx, l.lineId)).releasedByProofId).toBe(proofId);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, String(payout.id))));
    expect(audit.map((a) => a.action)).toEqual(['payout.accept-proof']);
    expect((await opsAction(ctx, op, payout.id, 'hold')).statusCode).toBe(409);
    expect((await opsAction(ctx, op, 999_999, 'hold')).statusCode).toBe(404);
  });

  it('a rejected proof keeps the money held (proof_rejected); an operator hold stops a Verified proof; release with a reason', async () => {
    const l = await paidLineTakingProof(ctx, make, owner.ownerId);
    await postProof(ctx, owner.token, l, false);
    const payout = await payoutOfLine(ctx, l.lineId);
    const rejected = await ok(await opsAction(ctx, op, payout.id, 'reject-proof', 'Wrong site in the photo'));
    expect(rejected.payout).toMatchObject({ state: 'held', hold_reason: 'proof_rejected' });
    const held = await ok(await opsAction(ctx, op, payout.id, 'hold', 'Buyer complaint open'));
    expect(held.payout).toMatchObject({ state: 'held', hold_reason: 'operator_hold' });
    await postProof(ctx, owner.token, l, true);
    expect((await payoutOfLine(ctx, l.lineId)).state).toBe('held');
    const released = await ok(await opsAction(ctx, op, payout.id, 'release', 'Complaint closed'));
    expect(released.payout).toMatchObject({ state: 'released', reason: 'Complaint closed' });
    const bad = await call(ctx, 'POST', `/api/ops/payouts/${payout.id}/release`, op, { reason: '' });
    expect(bad.statusCode).toBe(400);
  });

  it("the ledger reads the line's newest proof that was not withdrawn: withdrawing a later proof brings back the rejected one", async () => {
    const l = await paidLineTakingProof(ctx, make, owner.ownerId);
    const payout = await payoutOfLine(ctx, l.lineId);
    const holdReason = async () =>
      (await ledger(owner.token)).payouts.find((p: { id: number }) => p.id === payout.id).hold_reason;
    await postProof(ctx, owner.token, l, false);
    await ok(await opsAction(ctx, op, payout.id, 'reject-proof', 'Wrong site in the photo'));
    expect(await holdReason()).toBe('proof_rejected');
    const later = await postProof(ctx, owner.token, l, false);
    expect(await holdReason()).toBe('proof_unverified');
    expect((await call(ctx, 'DELETE', `/api/partner/proofs/${later}`, owner.token)).statusCode).toBe(204);
    expect(await holdReason()).toBe('proof_rejected');
    // The operator's decision is about the rejected proof again: there is nothing new to accept.
    const waiting = await opsLedger('?awaiting_decision=true');
    expect(waiting.payouts.map((p: { id: number }) => p.id)).not.toContain(payout.id);
  });

  it('no accepted proof 48 hours after the start flags the line; the money stays held', async () => {
    const l = await paidLineTakingProof(ctx, make, owner.ownerId);
    const payout = await payoutOfLine(ctx, l.lineId);
    const flaggedNow = async () =>
      (await opsLedger('?flagged=true')).payouts.find((p: { id: number }) => p.id === payout.id);
    expect(await flaggedNow()).toBeUndefined();
    ctx.clock.advance(49 * 3_600_000);
    // Sessions last an hour: the operator signs in again two days later.
    op = await operator(ctx);
    expect(await flaggedNow()).toMatchObject({ state: 'held', flagged: true, hold_reason: 'awaiting_proof' });
    ctx.clock.advance(-49 * 3_600_000);
    op = await operator(ctx);
  });
});

describe("what operators and owners see of a line's payout", () => {
  it("the ops order page answers each line's payout; the owner's proof screen names the proof that released it", async () => {
    const site = await insertProduct(ctx.database.db, { mediaOwnerId: owner.ownerId });
    const buyer = await tokenFor(ctx, 502);
    const orderId = await paidOrder(ctx, buyer, [line(site.id, '2026-12-02', '2026-12-09')], 10_500);
    const order = await ok(await call(ctx, 'GET', `/api/ops/orders/${orderId}`, op));
    expect(order.data.items[0].payout).toMatchObject({ state: 'held', amount: 10_468.5, reversed: 0 });

    const l = await paidLineTakingProof(ctx, make, owner.ownerId);
    const proofId = await postProof(ctx, owner.token, l, true);
    const released = await ok(await call(ctx, 'GET', `/api/ops/orders/${l.orderId}`, op));
    expect(released.data.items[0].payout).toMatchObject({ state: 'released', amount: 10_468.5 });
    const lines = await ok(await call(ctx, 'GET', '/api/partner/proofs', owner.token));
    const mine = lines.data.find((x: { id: number }) => x.id === l.lineId);
    expect(mine.payout_released_by_proof_id).toBe(proofId);
  });
});

describe('a suspended owner', () => {
  it('posts a Verified proof on a paid line: the payout stays held until reinstatement, never released without a transfer', async () => {
    const paused = await mediaOwner(ctx);
    const l = await paidLineTakingProof(ctx, make, paused.ownerId);
    await syncNow(ctx);
    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${paused.ownerId}/suspend`, op, {
        reason: 'KYC review',
      }),
    );
    // The proof is taken (paid bookings go on, DESIGN 7) and verified, and the money stays held.
    const proofId = await postProof(ctx, paused.token, l, true);
    const payout = await payoutOfLine(ctx, l.lineId);
    expect(payout).toMatchObject({ state: 'held', releasedAt: null, releasedByProofId: null });
    const mine = (await ledger(paused.token)).payouts.find((p: { id: number }) => p.id === payout.id);
    expect(mine).toMatchObject({ state: 'held', hold_reason: 'owner_suspended', transfer_id: null });
    // An operator's release is refused while suspended (409, nothing changed); an accept is kept.
    const refused = await opsAction(ctx, op, payout.id, 'release', 'Proof checked');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/suspended/);
    expect(await payoutOfLine(ctx, l.lineId)).toEqual(payout);
    await syncNow(ctx);
    expect((await payoutOfLine(ctx, l.lineId)).transferId).toBeNull();

    // Reinstated: the proof releases the payout then, and the provider is told.
    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${paused.ownerId}/reinstate`, op, { reason: 'Cleared' }),
    );
    const released = await payoutOfLine(ctx, l.lineId);
    expect(released).toMatchObject({ state: 'released', releasedByProofId: proofId });
    ctx.clock.advance(16 * 60_000);
    op = await operator(ctx);
    await syncNow(ctx);
    expect((await payoutOfLine(ctx, l.lineId)).transferId).toMatch(/^trf_sbx_/);
    // Reinstating again answers the owner and releases nothing twice.
    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${paused.ownerId}/reinstate`, op, { reason: 'Again' }),
    );
    expect((await payoutOfLine(ctx, l.lineId)).releasedAt).toEqual(released.releasedAt);
    ctx.clock.advance(-16 * 60_000);
    op = await operator(ctx);
  });

  it("an operator's accept of an Unverified proof while suspended is kept; the payout is released at reinstatement", async () => {
    const paused = await mediaOwner(ctx);
    const l = await paidLineTakingProof(ctx, make, paused.ownerId);
    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${paused.ownerId}/suspend`, op, {
        reason: 'KYC review',
      }),
    );
    await postProof(ctx, paused.token, l, false);
    const payout = await payoutOfLine(ctx, l.lineId);
    await ok(await opsAction(ctx, op, payout.id, 'accept-proof', 'The hoarding is in the photo'));
    expect(await payoutOfLine(ctx, l.lineId)).toMatchObject({ state: 'held', proofDecision: 'accepted' });
    await ok(
      await call(ctx, 'POST', `/api/ops/media-owners/${paused.ownerId}/reinstate`, op, { reason: 'Cleared' }),
    );
    expect((await payoutOfLine(ctx, l.lineId)).state).toBe('released');
  });
});

describe('linked accounts', () => {
  it('re-verifies when the bank details change: back to pending, then configured again', async () => {
    const [before] = await ctx.database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.mediaOwnerId, owner.ownerId));
    expect(before?.status).toBe('active');
    // Half a change is refused and changes nothing: the IFSC and the account go together.
    const half = await call(ctx, 'PATCH', `/api/ops/media-owners/${owner.ownerId}`, op, {
      ifsc: 'ICIC0000001',
    });
    expect(half.statusCode).toBe(400);
    // The operator corrects the bank details (audited, the account shown masked).
    const edited = (await ok(
      await call(ctx, 'PATCH', `/api/ops/media-owners/${owner.ownerId}`, op, {
        ifsc: 'icic0000001',
        account_number: '99988877766',
      }),
    )) as { data: { ifsc: string; bank_account_masked: string } };
    expect(edited.data.ifsc).toBe('ICIC0000001');
    expect(edited.data.bank_account_masked).not.toContain('99988877766');
    const [saved] = await ctx.database.db.select().from(mediaOwners).where(eq(mediaOwners.id, owner.ownerId));
    expect(saved).toMatchObject({ accountNumber: '99988877766', ifsc: 'ICIC0000001' });
    await syncNow(ctx);
    const [after] = await ctx.database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.mediaOwnerId, owner.ownerId));
    expect(after).toMatchObject({ status: 'active', accountId: before!.accountId, bankLast4: '7766' });
    expect(after!.bankFingerprint).not.toBe(before!.bankFingerprint);
  });
});
