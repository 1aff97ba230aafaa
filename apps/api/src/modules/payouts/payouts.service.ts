import {
  istMonthOf,
  type OpsLinePayout,
  type PayoutState,
  type RefundPart,
  refundTaxableSpread,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { ownerStatusOf } from './payout-rows.service.ts';
import { figuresAtPayment, type LineParties, payoutTaxContext, refundMove } from './payout-taxes.ts';
import {
  findPayoutStatesOfOrder,
  findPayoutsOfOrder,
  findReleasingProofs,
  insertPayoutsOnce,
  insertRecoveryOnce,
  insertReversalOnce,
  lockOutstandingRecoveries,
  lockPayoutOfLine,
  markRecoveryTaken,
  type PayoutRow,
  updatePayout,
} from './payouts.repository.ts';

/*
 * Payouts released by verified proof (docs/product-rules.md "Payouts", decision 047). Other modules and
 * workflows call these in their own transactions: the payment (held payouts), a proof (release), a
 * processed refund (reversal before release, recovery after). Provider calls happen after the commit
 * (payout-sync). An order's figures (charge, subtotal, lines and their owners) are handed in by the
 * workflow from the orders module's ledger (decision 088): payouts never reads the order tables.
 */

/** An order's figures as the orders module's ledger reads them (its payoutFiguresOf). */
export interface OrderFigures {
  chargedPaise: number;
  subtotalPaise: number;
  lines: readonly { lineId: number; pricePaise: number; mediaOwnerId: number | null }[];
}

/** At payment, each owned line also with its parties (the site's state, the owner's GSTIN and PAN). */
export interface PaidOrderFigures extends OrderFigures {
  lines: readonly {
    lineId: number;
    pricePaise: number;
    mediaOwnerId: number | null;
    parties?: LineParties;
  }[];
}

/** Payments the provider can transfer from; cash is paid to the owner by a direct transfer at release. */
const TRANSFERABLE = new Set(['razorpay', 'sandbox']);

/**
 * In the payment's transaction (afterOrderPaid): each line of a site with an owner gets a payout of what the
 * owner is paid for it (DESIGN 18: value + GST on the supply - commission - its GST - TCS - TDS), on hold,
 * with the tax context and figures recorded. Once per line: a replayed payment writes nothing.
 */
export async function createHeldPayouts(
  tx: Db,
  p: {
    orderId: number;
    order: PaidOrderFigures;
    now: Date;
    commissionPercent: number;
    /** COMPANY_GSTIN: the commission's supply is intra-state when the owner is registered in its state. */
    marketplaceGstin: string;
    provider: string;
    paymentId: string;
  },
): Promise<void> {
  const month = istMonthOf(p.now);
  await insertPayoutsOnce(
    tx,
    p.order.lines.flatMap((l) => {
      if (l.mediaOwnerId === null) return [];
      if (!l.parties) throw new Error(`line ${l.lineId}: an owned line is paid out with its parties`);
      const ctx = payoutTaxContext(l.parties, p.marketplaceGstin, p.now);
      return [
        {
          orderId: p.orderId,
          orderItemId: l.lineId,
          mediaOwnerId: l.mediaOwnerId,
          month,
          valuePaise: l.pricePaise,
          ...figuresAtPayment(l.pricePaise, p.commissionPercent, ctx),
          commissionPercent: p.commissionPercent,
          ...ctx,
          provider: p.provider,
          paymentId: TRANSFERABLE.has(p.provider) ? p.paymentId : null,
          createdAt: p.now,
          updatedAt: p.now,
        },
      ];
    }),
  );
}

/** share - reversed: what the line pays the owner now. */
export const payableOf = (p: PayoutRow) => p.sharePaise - p.reversedPaise;

/**
 * Releases a locked held payout (a Verified or accepted proof, or an operator): it is the owner's once the
 * provider is told; the owner's outstanding recoveries are taken from it, each whole, oldest first.
 */
export async function releaseLocked(
  tx: Db,
  payout: PayoutRow,
  r: { now: Date; proofId?: number | null; reason?: string | null },
): Promise<PayoutRow> {
  if (payout.state !== 'held' && payout.state !== 'failed') return payout;
  if (payout.releasedAt) return payout;
  // A suspended owner's payouts are held until reinstatement (DESIGN 7): never `released` while the
  // provider may not move them. An accepted proof is kept and releases it when the owner is reinstated.
  if ((await ownerStatusOf(tx, payout.mediaOwnerId)) === 'suspended') return payout;
  let deducted = payout.deductedPaise;
  const payable = payableOf(payout);
  for (const recovery of await lockOutstandingRecoveries(tx, payout.mediaOwnerId)) {
    if (recovery.payoutId === payout.id) continue;
    if (deducted + recovery.amountPaise > payable) continue;
    await markRecoveryTaken(tx, recovery.id, payout.id);
    deducted += recovery.amountPaise;
  }
  return updatePayout(tx, payout.id, {
    state: payout.recoveredPaise >= payable && payable > 0 ? 'recovered' : 'released',
    releasedAt: r.now,
    releasedByProofId: r.proofId ?? null,
    operatorHold: false,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    deductedPaise: deducted,
    needsSync: true,
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    updatedAt: r.now,
  });
}

/**
 * In the proof's transaction (proofs module): a Verified proof releases the line's payout unless an
 * operator holds it; an Unverified one waits for an operator. A second verified proof releases nothing more.
 */
export async function proofPosted(
  tx: Db,
  p: { lineId: number; proofId: number; verified: boolean; now: Date },
): Promise<void> {
  if (!p.verified) return;
  const payout = await lockPayoutOfLine(tx, p.lineId);
  if (payout?.state !== 'held' || payout.operatorHold) return;
  await releaseLocked(tx, payout, { now: p.now, proofId: p.proofId });
}

/** Line id -> the proof that released its payout (the owner's proof screen offers no Withdraw on it). */
export async function releasingProofsOfLines(db: Db, lineIds: number[]): Promise<Map<number, number>> {
  const rows = await findReleasingProofs(db, lineIds);
  return new Map(rows.map((r) => [r.lineId, r.proofId!]));
}

/** Whether a proof released a payout: such a proof can no longer be withdrawn (docs/product-rules.md section 7). */
export async function proofReleasedPayout(tx: Db, lineId: number, proofId: number): Promise<boolean> {
  const payout = await lockPayoutOfLine(tx, lineId);
  return payout?.releasedByProofId === proofId;
}

/**
 * In the transaction that records a refund as processed (workflows/settle-refund.workflow.ts): the refund's taxable part is
 * spread over the lines its parts name, as statements spread it (never a line it does not name); each line's owner part (the change of its share) is
 * reversed from a held transfer, or recovered from the owner's next transfers once released. Once per
 * refund and line, in the month the refund was processed.
 */
export async function refundProcessed(
  tx: Db,
  r: {
    refundId: number;
    orderId: number;
    amountPaise: number;
    /** The refund's parts from the orders module's ledger (decision 065): only the lines it names move. */
    parts: readonly RefundPart[];
    order: OrderFigures;
    now: Date;
  },
): Promise<void> {
  const lines = r.order.lines;
  const [spread] = refundTaxableSpread(
    lines.map((l) => ({ id: l.lineId, pricePaise: l.pricePaise })),
    { chargedPaise: r.order.chargedPaise, subtotalPaise: r.order.subtotalPaise },
    [{ amountPaise: r.amountPaise, lineIds: [], parts: r.parts }],
  );
  const shares = lines.map((l) => spread.get(l.lineId) ?? 0);
  const month = istMonthOf(r.now);
  for (const [i, line] of lines.entries()) {
    const payout = await lockPayoutOfLine(tx, line.lineId);
    if (!payout || shares[i] === 0) continue;
    const released = payout.releasedAt !== null;
    // Each figure's fall is recorded with the amount: a closed month is read, never recomputed.
    const { tdsSetOffPaise, ...move } = refundMove(payout, shares[i], released);
    const part = move.amountPaise;
    const row = { payoutId: payout.id, refundId: r.refundId, ...move, month, createdAt: r.now };
    const written = released
      ? await insertRecoveryOnce(tx, { ...row, tdsSetOffPaise, mediaOwnerId: payout.mediaOwnerId })
      : await insertReversalOnce(tx, row);
    if (!written) continue;
    const refundedTaxablePaise = payout.refundedTaxablePaise + shares[i];
    if (released) {
      const recovered = payout.recoveredPaise + part;
      await updatePayout(tx, payout.id, {
        refundedTaxablePaise,
        recoveredPaise: recovered,
        state: recovered >= payableOf(payout) ? 'recovered' : payout.state,
        updatedAt: r.now,
      });
    } else {
      const reversed = payout.reversedPaise + part;
      await updatePayout(tx, payout.id, {
        refundedTaxablePaise,
        reversedPaise: reversed,
        state: reversed >= payout.sharePaise ? 'reversed' : payout.state,
        needsSync: true,
        nextAttemptAt: null,
        updatedAt: r.now,
      });
    }
  }
}

/** Each line's payout state (the buyer's order page: "the owner is paid after the proof is verified"). */
export async function payoutStatesOfOrder(db: Db, orderId: number): Promise<Map<number, PayoutState>> {
  const rows = await findPayoutStatesOfOrder(db, orderId);
  return new Map(rows.map((r) => [r.lineId, r.state as PayoutState]));
}

/** Each line's payout in the operator's words (the ops order page): state and amounts, by line id. */
export async function linePayoutsOfOrder(db: Db, orderId: number): Promise<Map<number, OpsLinePayout>> {
  const rows = await findPayoutsOfOrder(db, orderId);
  return new Map(
    rows.map((p) => [
      p.orderItemId,
      {
        id: p.id,
        state: p.state as PayoutState,
        amount: toRupees(payableOf(p)),
        share: toRupees(p.sharePaise),
        reversed: toRupees(p.reversedPaise),
        recovered: toRupees(p.recoveredPaise),
        released_at: p.releasedAt?.toISOString() ?? null,
        transfer_id: p.transferId,
        utr: p.utr,
      },
    ]),
  );
}
