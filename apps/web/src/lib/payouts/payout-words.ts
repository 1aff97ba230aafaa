import {
  formatBookingPeriod,
  formatDateIst,
  formatRupees,
  PAYOUT_STATES,
  type PayoutRecovery,
  type PayoutRow,
  type PayoutState,
  type PayoutsQuery,
  toDateAfter,
} from '@ooh/shared';

/*
 * Payouts in words (docs/product-rules.md, "Payouts"; decision 047): the owner's console, the operator's
 * ledger and the buyer's order page read the same few words, so they live once here. Money and dates go
 * through the one India formatter.
 */

/** The payout's state as a chip says it. */
export const PAYOUT_STATE_WORDS: Record<PayoutState, string> = {
  held: 'Held',
  released: 'Released',
  reversed: 'Reversed',
  recovered: 'Recovered',
  failed: 'Transfer failed',
};

/** The chip's tone: a dot and a border, the words stay in the body colour (contrast). */
export const PAYOUT_STATE_TONE: Record<PayoutState, 'success' | 'warning' | 'error' | 'default'> = {
  held: 'warning',
  released: 'success',
  reversed: 'default',
  recovered: 'default',
  failed: 'error',
};

/** Why a held payout is held, in the owner's words. */
export const HOLD_REASON_WORDS: Record<NonNullable<PayoutRow['hold_reason']>, string> = {
  awaiting_proof: 'Waiting for your proof photo',
  proof_unverified: 'Proof could not be verified: our team is checking it',
  proof_rejected: 'Proof rejected: post a new photo',
  operator_hold: 'Held by our team',
  not_started: 'The booking has not started yet',
  owner_suspended: 'Held while your account is suspended: paid when it is reinstated',
};

/** The same facts in the operator's words (the ledger speaks to the one who decides). */
export const HOLD_REASON_WORDS_OPS: Record<NonNullable<PayoutRow['hold_reason']>, string> = {
  awaiting_proof: 'No proof posted yet',
  proof_unverified: 'Proof unverified: waiting on an operator’s decision',
  proof_rejected: 'Proof rejected: waiting for a new photo',
  operator_hold: 'Held by an operator',
  not_started: 'The booking has not started yet',
  owner_suspended: 'The owner is suspended: held until reinstated',
};

/** The same, in two or three words for a chip beside a booking. */
const HOLD_REASON_SHORT: Record<NonNullable<PayoutRow['hold_reason']>, string> = {
  awaiting_proof: 'awaiting proof',
  proof_unverified: 'proof in review',
  proof_rejected: 'proof rejected',
  operator_hold: 'on hold',
  not_started: 'not started',
  owner_suspended: 'account suspended',
};

/** A booking's payout in a chip's few words: "Payout held: awaiting proof", "Payout released". */
export function payoutBrief(row: Pick<PayoutRow, 'state' | 'hold_reason' | 'amount'>): string {
  if (row.state === 'held' && row.hold_reason) return `Payout held: ${HOLD_REASON_SHORT[row.hold_reason]}`;
  if (row.state === 'reversed') return row.amount <= 0 ? 'Payout reversed' : 'Payout reversed in part';
  return `Payout ${PAYOUT_STATE_WORDS[row.state].toLowerCase()}`;
}

/** The line's first to last day (the payout carries them inclusive; the formatter takes the day after). */
export const payoutDates = (row: Pick<PayoutRow, 'first_day' | 'last_day'>) =>
  formatBookingPeriod(row.first_day, toDateAfter(row.last_day), { withDays: false });

/**
 * One sentence under the state: why it is held, when and by which transfer it was released, how much a
 * reversal took. The operator's free-text reason follows where there is one.
 */
export function payoutDetail(row: PayoutRow, audience: 'owner' | 'operator' = 'owner'): string {
  const parts: string[] = [];
  const holdWords = audience === 'owner' ? HOLD_REASON_WORDS : HOLD_REASON_WORDS_OPS;
  switch (row.state) {
    case 'held':
      parts.push(row.hold_reason ? holdWords[row.hold_reason] : 'Held until the proof is accepted');
      if (row.flagged) parts.push('No accepted proof 48 hours after the start');
      break;
    case 'released':
      parts.push(row.released_at ? `Released on ${formatDateIst(row.released_at)}` : 'Released');
      if (row.transfer_id) parts.push(`Transfer ${row.transfer_id}`);
      if (row.utr) parts.push(`UTR ${row.utr}`);
      break;
    case 'reversed':
      parts.push(
        row.amount <= 0
          ? 'Reversed in full (booking refunded before release)'
          : `Reversed in part: ${formatRupees(row.reversed)} of ${formatRupees(row.share)}`,
      );
      break;
    case 'recovered':
      parts.push(`${formatRupees(row.recovered)} recovered from later payouts (refund after release)`);
      break;
    case 'failed':
      parts.push(audience === 'owner' ? 'The transfer failed; we will retry it' : 'The transfer failed');
      break;
  }
  // A refund before release reduces a payout that still goes ahead (held or released): say by how much.
  if (row.reversed > 0 && row.state !== 'reversed') {
    parts.push(`${formatRupees(row.reversed)} reversed for a refund`);
  }
  if (row.reason) parts.push(`Note: ${row.reason}`);
  return parts.join(' · ');
}

/** A payout or a recovery (a negative line), in one list ordered newest first. */
export type PayoutLine =
  | { kind: 'payout'; key: string; row: PayoutRow }
  | { kind: 'recovery'; key: string; recovery: PayoutRecovery; of: PayoutRow | undefined };

export function payoutLines(payouts: PayoutRow[], recoveries: PayoutRecovery[]): PayoutLine[] {
  const byId = new Map(payouts.map((p) => [p.id, p]));
  const lines: Array<PayoutLine & { at: string }> = [
    ...payouts.map((row) => ({ kind: 'payout' as const, key: `p${row.id}`, row, at: row.created_at })),
    ...recoveries.map((recovery) => ({
      kind: 'recovery' as const,
      key: `r${recovery.id}`,
      recovery,
      of: byId.get(recovery.payout_id),
      at: recovery.created_at,
    })),
  ];
  lines.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return lines.map(({ at: _at, ...line }) => line as PayoutLine);
}

/** Rupees with the minus sign before the ₹ ("−₹1,350.00"), where money is taken back. */
export const signedRupees = (amount: number) =>
  amount < 0 ? `\u2212${formatRupees(-amount)}` : formatRupees(amount);

/** A recovery's amount as shown: negative. */
export const recoveryAmount = (r: Pick<PayoutRecovery, 'amount'>) => signedRupees(-Math.abs(r.amount));

/** The filters of a payouts list, as the address carries them. */
export interface PayoutFilters {
  state: PayoutState | null;
  month: string | null;
  flagged?: boolean;
  mediaOwnerId?: number | null;
  awaitingDecision?: boolean;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Reads the filters from the address, dropping what the API would refuse (a hand-edited link). */
export function payoutFiltersFrom(query: URLSearchParams): PayoutFilters {
  // The list of states, not the zod schema: the order page shows payouts' words, and the schema would bring
  // zod and the schema files to it (24 KB brotli) for this one check (docs/decisions/058).
  const raw = query.get('state');
  const state = (PAYOUT_STATES as readonly (string | null)[]).includes(raw) ? (raw as PayoutState) : null;
  const month = query.get('month') ?? '';
  const owner = Number(query.get('owner') ?? '');
  return {
    state,
    month: MONTH.test(month) ? month : null,
    flagged: query.get('flagged') === 'true',
    mediaOwnerId: Number.isInteger(owner) && owner > 0 ? owner : null,
    awaitingDecision: query.get('view') === 'awaiting',
  };
}

/** The API's query for the filters: only what is set. */
export function payoutsQuery(f: PayoutFilters): PayoutsQuery {
  const q: PayoutsQuery = {};
  if (f.state) q.state = f.state;
  if (f.month) q.month = f.month;
  if (f.flagged) q.flagged = 'true';
  if (f.mediaOwnerId) q.media_owner_id = f.mediaOwnerId;
  if (f.awaitingDecision) q.awaiting_decision = 'true';
  return q;
}

export const hasFilters = (f: PayoutFilters) =>
  Boolean(f.state || f.month || f.flagged || f.mediaOwnerId || f.awaitingDecision);

/** The last `count` months up to `current` (YYYY-MM), newest first: the month filter's choices. */
export function recentMonths(current: string, count = 12): string[] {
  const [y, m] = current.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

export { PAYOUT_STATES };

/** The buyer's order page: a line's payout in a few words (the buyer never sees amounts or reasons). */
export function buyerPayoutWords(state: PayoutState): string {
  switch (state) {
    case 'released':
      return 'Owner paid after proof verified';
    case 'held':
    case 'failed':
      return 'Waiting for proof';
    case 'reversed':
    case 'recovered':
      return 'Refunded: the owner is not paid for this';
  }
}
