import { lineShares, refundTaxablePaise } from './refunds.ts';

/**
 * What every surface says about an order's money and state (issue 19, "one truth per order"), as one
 * pure reading of the ledger: the stored order status, what was charged (subtotal + GST), the refunds
 * with their statuses, and the lines' statuses. Only PROCESSED refunds are money returned; pending and
 * failed ones are not (they still hold their share of the "never more than paid" cap elsewhere).
 */

/** The stored states of an order (today's names) and the states people read (docs/decisions/038). */
export type StoredOrderStatus =
  | 'pending_payment'
  | 'awaiting_payment'
  | 'paid'
  | 'partially_refunded'
  | 'refunded'
  | 'expired'
  | 'failed'
  | 'cancelled';

export interface LedgerRefund {
  amountPaise: number;
  status: 'pending' | 'in_flight' | 'processed' | 'failed' | 'abandoned';
  /** The lines this refund cancelled; empty for an amount-only refund. */
  lineIds: readonly number[];
  /** `late_payment`: a payment reversal (money that was never the order's): never "refunded" (decision 065). */
  kind?: string;
  /** What the refund returns for each line (decision 065); empty on refunds written before it. */
  parts?: readonly RefundPart[];
}

/** A refund's part for one line, in paise with GST: every refund names its lines (decision 065). */
export interface RefundPart {
  lineId: number;
  paise: number;
}

/** A duplicate or late payment returned: money that was never the order's (DESIGN 14, decision 065). */
export const isPaymentReversal = (r: { kind?: string }) => r.kind === 'late_payment';

export interface LedgerLine {
  id: number;
  pricePaise: number;
  status: string;
}

export interface LedgerInput {
  status: StoredOrderStatus;
  /** Whether a payment was ever applied (the order's paid_at is set). */
  paid: boolean;
  /** Subtotal + GST: what is (or was) to be paid. */
  totalPaise: number;
  refunds: readonly LedgerRefund[];
  lines: readonly LedgerLine[];
}

export interface OrderLedger {
  status: StoredOrderStatus;
  /** Processed refunds only. */
  refundedPaise: number;
  /** What the marketplace kept: charged less refunded (0 for an order never paid). */
  netPaise: number;
  /** Unpaid and still holding its sites: online window open or cash/bank transfer awaited. */
  unpaid: boolean;
  liveLines: number;
  totalLines: number;
}

/** Money returned for the order: processed refunds, payment reversals aside. */
export const processedRefundPaise = (refunds: readonly LedgerRefund[]): number =>
  refunds
    .filter((r) => r.status === 'processed' && !isPaymentReversal(r))
    .reduce((s, r) => s + r.amountPaise, 0);

/**
 * The order as people read it. A paid order reads `refunded` only when processed refunds reach what was
 * charged, `cancelled` when every line is cancelled without that, `partially_refunded` when some money
 * has left; never "refunded" while money has not left. `cancelled` stored on an unpaid order stays.
 */
export function orderLedger(input: LedgerInput): OrderLedger {
  // A payment that arrived too late to apply ('failed') is refunded automatically: it never reads paid.
  const wasPaid = input.paid && input.status !== 'failed';
  const refundedPaise = wasPaid ? processedRefundPaise(input.refunds) : 0;
  const liveLines = input.lines.filter((l) => l.status !== 'cancelled').length;
  let status = input.status;
  if (wasPaid) {
    if (refundedPaise > 0 && refundedPaise >= input.totalPaise) status = 'refunded';
    else if (input.lines.length > 0 && liveLines === 0) status = 'cancelled';
    else if (refundedPaise > 0) status = 'partially_refunded';
    else status = 'paid';
  }
  return {
    status,
    refundedPaise,
    netPaise: wasPaid ? Math.max(0, input.totalPaise - refundedPaise) : 0,
    unpaid: input.status === 'pending_payment' || input.status === 'awaiting_payment',
    liveLines,
    totalLines: input.lines.length,
  };
}

/**
 * How each refund, taken in the order given (the order they were processed), is spread over the order's lines, in paise
 * (GST included): a refund with lines over those lines in proportion to their shares of the charge; an
 * amount-only refund (an operator's) over the lines with something left of their share, in proportion to
 * what is left; no line ever takes more than it has left (the excess goes to the others by what they
 * have left). Callers give the refunds in the order they were processed. So a line cancelled and refunded
 * in full takes no part of a later goodwill refund, and no line reads more refunded than it cost (issue 19: My Orders and the owner's statement showed the
 * cancelled line refunded beyond its price, the live one short). Earlier refunds are never re-spread, so
 * a past month's statement never changes.
 */
export function refundSpread(
  lines: readonly { id: number; pricePaise: number }[],
  chargedPaise: number,
  refunds: readonly { amountPaise: number; lineIds: readonly number[]; parts?: readonly RefundPart[] }[],
): Map<number, number>[] {
  const shares = lineShares(
    lines.map((l) => l.pricePaise),
    chargedPaise,
  );
  const left = new Map(lines.map((l, i) => [l.id, shares[i] ?? 0]));
  /** `amount` over `over` by `weights`, each part at most what its line has left; the rest over the others. */
  const place = (spread: Map<number, number>, over: typeof lines, weights: number[], amount: number) => {
    const parts = lineShares(weights, amount);
    let excess = 0;
    over.forEach((l, i) => {
      const room = Math.max(0, left.get(l.id) ?? 0);
      const part = Math.min(parts[i] ?? 0, room);
      excess += (parts[i] ?? 0) - part;
      spread.set(l.id, (spread.get(l.id) ?? 0) + part);
      left.set(l.id, room - part);
    });
    return excess;
  };
  return refunds.map((refund) => {
    const spread = new Map<number, number>();
    // A refund that names its parts (decision 065) is exactly those parts: nothing spills to another line.
    if (refund.parts?.length) {
      for (const p of refund.parts) {
        spread.set(p.lineId, (spread.get(p.lineId) ?? 0) + p.paise);
        left.set(p.lineId, (left.get(p.lineId) ?? 0) - p.paise);
      }
      return spread;
    }
    let rest = refund.amountPaise;
    if (refund.lineIds.length) {
      const over = lines.filter((l) => refund.lineIds.includes(l.id));
      rest = place(
        spread,
        over,
        over.map((l) => shares[lines.indexOf(l)] ?? 0),
        rest,
      );
    }
    if (rest > 0) {
      const open = lines.filter((l) => (left.get(l.id) ?? 0) > 0);
      rest = open.length
        ? place(
            spread,
            open,
            open.map((l) => left.get(l.id) ?? 0),
            rest,
          )
        : rest;
    }
    // Nothing left anywhere (refunded beyond the lines, which the cap prevents): every line, by its share.
    if (rest > 0) {
      const parts = lineShares(shares, rest);
      lines.forEach((l, i) => {
        spread.set(l.id, (spread.get(l.id) ?? 0) + (parts[i] ?? 0));
      });
    }
    return spread;
  });
}

/**
 * The taxable part of each refund (`refundTaxablePaise`, the credit note's taxable value) per line, in
 * paise, spread as `refundSpread` spreads the refund itself: the one rule the owners' statements and
 * the payouts' reversals and recoveries read (decision 047), so they agree to the paisa.
 */
export function refundTaxableSpread(
  lines: readonly { id: number; pricePaise: number }[],
  order: { chargedPaise: number; subtotalPaise: number },
  refunds: readonly { amountPaise: number; lineIds: readonly number[]; parts?: readonly RefundPart[] }[],
): Map<number, number>[] {
  const spreads = refundSpread(lines, order.chargedPaise, refunds);
  return refunds.map((refund, k) => {
    const over = lines.filter((l) => spreads[k].has(l.id));
    const taxable = lineShares(
      over.map((l) => spreads[k].get(l.id) ?? 0),
      refundTaxablePaise(refund.amountPaise, order.chargedPaise, order.subtotalPaise),
    );
    return new Map(over.map((l, i) => [l.id, taxable[i] ?? 0]));
  });
}

/**
 * Each line's share of the charge and of the processed refunds, in paise, so a list that groups an
 * order's lines (My Orders' campaigns) adds up to the order's own figures; refunds spread by
 * `refundSpread`, in the order given (the order they were processed).
 */
export function lineLedger(input: LedgerInput): Map<number, { totalPaise: number; refundedPaise: number }> {
  const shares = lineShares(
    input.lines.map((l) => l.pricePaise),
    input.totalPaise,
  );
  const out = new Map(input.lines.map((l, i) => [l.id, { totalPaise: shares[i] ?? 0, refundedPaise: 0 }]));
  const processed = input.refunds.filter((r) => r.status === 'processed' && !isPaymentReversal(r));
  for (const spread of refundSpread(input.lines, input.totalPaise, processed)) {
    for (const [lineId, paise] of spread) {
      const entry = out.get(lineId);
      if (entry) entry.refundedPaise += paise;
    }
  }
  return out;
}
