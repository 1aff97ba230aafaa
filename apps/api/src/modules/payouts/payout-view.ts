import {
  lastDayOf,
  PAYOUT_FLAG_HOURS,
  type PayoutRow as PayoutAnswer,
  type PayoutRecovery,
  type PayoutTotals,
  todayIst,
  toRupees,
} from '@ooh/shared';
import type { listPayoutRows } from './payout-rows.service.ts';
import type { listRecoveryRows } from './payouts.repository.ts';

/*
 * How a payout reads to its owner and to operators (decision 047): why it is held, whether it is flagged
 * (no accepted proof 48 hours after the line's first day, the money stays held), whether it waits on an
 * operator's decision about an Unverified proof. Computed from the row and the line's newest proof.
 */

export type ListedPayout = Awaited<ReturnType<typeof listPayoutRows>>[number];
type ListedRecovery = Awaited<ReturnType<typeof listRecoveryRows>>[number];

/** The newest live proof was checked Verified, or an operator accepted it. */
export function hasAcceptedProof(r: ListedPayout): boolean {
  const proof = r.latestProof;
  if (!proof) return false;
  if (r.payout.decidedProofId === proof.id) return r.payout.proofDecision === 'accepted';
  return proof.verified;
}

/** An Unverified proof nobody decided on yet. */
export function awaitingDecision(r: ListedPayout): boolean {
  const proof = r.latestProof;
  return (
    (r.payout.state === 'held' || r.payout.state === 'failed') &&
    !r.payout.releasedAt &&
    proof !== null &&
    !proof.verified &&
    r.payout.decidedProofId !== proof.id
  );
}

/** The line's first day began (IST midnight) PAYOUT_FLAG_HOURS ago and no proof was accepted. */
export function isFlagged(r: ListedPayout, now: Date): boolean {
  if (r.payout.state !== 'held' || r.payout.sharePaise - r.payout.reversedPaise <= 0) return false;
  if (hasAcceptedProof(r)) return false;
  const start = new Date(`${r.fromDate}T00:00:00+05:30`).getTime();
  return now.getTime() >= start + PAYOUT_FLAG_HOURS * 3_600_000;
}

export function holdReason(r: ListedPayout, now: Date): PayoutAnswer['hold_reason'] {
  if (r.payout.state !== 'held') return null;
  if (r.ownerStatus === 'suspended') return 'owner_suspended';
  if (r.payout.operatorHold) return 'operator_hold';
  const proof = r.latestProof;
  if (proof) {
    if (r.payout.decidedProofId === proof.id && r.payout.proofDecision === 'rejected')
      return 'proof_rejected';
    if (!proof.verified && r.payout.decidedProofId !== proof.id) return 'proof_unverified';
  }
  if (todayIst(now) < r.fromDate) return 'not_started';
  return 'awaiting_proof';
}

export function toPayoutAnswer(r: ListedPayout, now: Date, forOperator = false): PayoutAnswer {
  const p = r.payout;
  return {
    id: p.id,
    order_id: p.orderId,
    line_id: p.orderItemId,
    media_owner_id: p.mediaOwnerId,
    media_owner_name: r.ownerName,
    site_id: r.siteId,
    site_code: r.siteCode ?? null,
    site_name: r.siteName,
    first_day: r.fromDate,
    last_day: lastDayOf(r.toDate),
    state: p.state as PayoutAnswer['state'],
    share: toRupees(p.sharePaise),
    reversed: toRupees(p.reversedPaise),
    amount: toRupees(p.sharePaise - p.reversedPaise),
    recovered: toRupees(p.recoveredPaise),
    hold_reason: holdReason(r, now),
    reason: p.reason,
    flagged: isFlagged(r, now),
    transfer_id: p.transferId,
    utr: p.utr,
    released_at: p.releasedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    provider_note: forOperator ? p.lastError : null,
  };
}

export function toRecoveryAnswer(r: ListedRecovery): PayoutRecovery {
  return {
    id: r.recovery.id,
    payout_id: r.recovery.payoutId,
    order_id: r.orderId,
    line_id: r.lineId,
    amount: toRupees(r.recovery.amountPaise),
    month: r.recovery.month,
    created_at: r.recovery.createdAt.toISOString(),
  };
}

/** Totals of the rows shown, in rupees: held and released amounts, reversals, recoveries, and the net. */
export function totalsOf(rows: ListedPayout[], recoveries: ListedRecovery[]): PayoutTotals {
  let held = 0;
  let released = 0;
  let reversed = 0;
  for (const { payout: p } of rows) {
    const amount = p.sharePaise - p.reversedPaise;
    if (p.releasedAt) released += amount;
    else if (p.state === 'held' || p.state === 'failed') held += amount;
    reversed += p.reversedPaise;
  }
  const recovered = recoveries.reduce((s, r) => s + r.recovery.amountPaise, 0);
  return {
    held: toRupees(held),
    released: toRupees(released),
    reversed: toRupees(reversed),
    recovered: toRupees(recovered),
    net_paid: toRupees(released - recovered),
  };
}
