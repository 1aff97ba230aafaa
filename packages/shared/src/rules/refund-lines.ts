import { isPaymentReversal, type LedgerRefund, type RefundPart, refundSpread } from './order-ledger.ts';
import { lineShares } from './refunds.ts';

/*
 * The order's ledger as one reading (decision 065, DESIGN 14 "Refunds belong to lines"): every refund
 * names its lines and the part of each; a line's `left` is its share of the charge less every refund
 * part still owed or paid (pending, in flight, failed, processed: only an abandoned refund frees it);
 * what the order can still refund is the sum of its lines' `left`, the one definition of "refundable".
 * Only processed refunds are money returned. Payment reversals (a duplicate or late payment returned)
 * are money that was never the order's: they touch no line and no figure of the order.
 */

export interface LedgerReadLine {
  id: number;
  pricePaise: number;
  status: string;
}

export interface LedgerReadRefund extends LedgerRefund {
  id: number;
  kind: string;
}

export interface LedgerLineView {
  id: number;
  status: string;
  /** The line's share of the order's total (price + its GST), paid or not: what a list shows as its total. */
  sharePaise: number;
  /** The line's share of what was charged (price + its GST); 0 while the order was never paid. */
  paidPaise: number;
  /** Processed refund parts only: money returned for the line. */
  refundedPaise: number;
  /** Parts of refunds not abandoned (owed, being sent, retried or processed): what the cap counts. */
  committedPaise: number;
  /** What a refund may still take from the line. */
  leftPaise: number;
}

export interface LedgerRefundView<R extends LedgerReadRefund = LedgerReadRefund> {
  refund: R;
  /** The refund's parts: stored ones, or (written before decision 065) read by the old spread rule. */
  parts: RefundPart[];
}

export interface OrderLedgerRead<R extends LedgerReadRefund = LedgerReadRefund> {
  chargedPaise: number;
  /** Refunds of the order (payment reversals aside), in the order given. */
  refunds: LedgerRefundView<R>[];
  /** Duplicate or late payments returned: never refunded, no credit note, no line. */
  reversals: R[];
  lines: LedgerLineView[];
  /** Processed refunds only. */
  refundedPaise: number;
  /** Every refund not abandoned. */
  committedPaise: number;
  /** The sum of the lines' `left` (0 for an order never paid). */
  refundablePaise: number;
}

/**
 * Reads the ledger. `refunds` in the order the money left (processed first, by when; then the rest by
 * id): a refund written before parts were stored is spread as it always was, after the earlier ones.
 */
export function readOrderLedger<R extends LedgerReadRefund>(input: {
  paid: boolean;
  chargedPaise: number;
  lines: readonly LedgerReadLine[];
  refunds: readonly R[];
}): OrderLedgerRead<R> {
  const reversals = input.refunds.filter((r) => isPaymentReversal(r));
  const own = input.refunds.filter((r) => !isPaymentReversal(r));
  const live = own.filter((r) => r.status !== 'abandoned');
  const spreads = refundSpread(input.lines, input.chargedPaise, live);
  const views: LedgerRefundView<R>[] = own.map((refund) => {
    const k = live.indexOf(refund);
    const parts =
      k >= 0
        ? [...spreads[k]].filter(([, p]) => p > 0).map(([lineId, paise]) => ({ lineId, paise }))
        : [...(refund.parts ?? [])];
    return { refund, parts };
  });
  const shares = lineShares(
    input.lines.map((l) => l.pricePaise),
    input.chargedPaise,
  );
  const lines = input.lines.map((l, i): LedgerLineView => {
    let committed = 0;
    let refunded = 0;
    for (const v of views) {
      if (v.refund.status === 'abandoned') continue;
      const part = v.parts.filter((p) => p.lineId === l.id).reduce((s, p) => s + p.paise, 0);
      committed += part;
      if (v.refund.status === 'processed') refunded += part;
    }
    const paid = input.paid ? (shares[i] ?? 0) : 0;
    return {
      id: l.id,
      status: l.status,
      sharePaise: shares[i] ?? 0,
      paidPaise: paid,
      refundedPaise: refunded,
      committedPaise: committed,
      leftPaise: Math.max(0, paid - committed),
    };
  });
  const sum = (f: (r: R) => boolean) => own.filter(f).reduce((s, r) => s + r.amountPaise, 0);
  return {
    chargedPaise: input.chargedPaise,
    refunds: views,
    reversals,
    lines,
    refundedPaise: sum((r) => r.status === 'processed'),
    committedPaise: sum((r) => r.status !== 'abandoned'),
    refundablePaise: lines.reduce((s, l) => s + l.leftPaise, 0),
  };
}

/** Why a refund's parts are refused: a line not in the order, or more than a line has left. */
export class RefundPartError extends Error {
  constructor(
    readonly code: 'unknown_line' | 'refund_exceeds_line' | 'refund_exceeds_lines',
    readonly lineId: number | null,
    readonly leftPaise: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An amount over the named lines in proportion to what each has left (largest remainder, to the
 * paisa), each part at most its line's left; more than the lines have left together is refused.
 */
export function spreadOverLines(
  amountPaise: number,
  lines: readonly { id: number; leftPaise: number }[],
): RefundPart[] {
  const total = lines.reduce((s, l) => s + l.leftPaise, 0);
  if (amountPaise > total)
    throw new RefundPartError(
      'refund_exceeds_lines',
      null,
      total,
      `Only ₹${(total / 100).toFixed(2)} is left to refund on ${lines.length === 1 ? 'this line' : 'these lines'}.`,
    );
  const parts = lineShares(
    lines.map((l) => l.leftPaise),
    amountPaise,
  );
  return lines.map((l, i) => ({ lineId: l.id, paise: parts[i] ?? 0 })).filter((p) => p.paise > 0);
}

/** Parts named one by one: each line in the order and within what it has left. */
export function checkParts(
  parts: readonly RefundPart[],
  lines: readonly { id: number; leftPaise: number }[],
): RefundPart[] {
  const merged = new Map<number, number>();
  for (const p of parts) merged.set(p.lineId, (merged.get(p.lineId) ?? 0) + p.paise);
  for (const [lineId, paise] of merged) {
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw new RefundPartError('unknown_line', lineId, 0, `Line ${lineId} is not in this order.`);
    if (paise > line.leftPaise)
      throw new RefundPartError(
        'refund_exceeds_line',
        lineId,
        line.leftPaise,
        line.leftPaise > 0
          ? `Only ₹${(line.leftPaise / 100).toFixed(2)} is left to refund on line ${lineId}.`
          : `Line ${lineId} has been refunded in full.`,
      );
  }
  return [...merged].filter(([, p]) => p > 0).map(([lineId, paise]) => ({ lineId, paise }));
}
