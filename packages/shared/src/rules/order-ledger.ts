import { lineShares } from './refunds.ts';

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
  status: 'pending' | 'processed' | 'failed' | 'abandoned';
  /** The lines this refund cancelled; empty for an amount-only refund. */
  lineIds: readonly number[];
}

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

export const processedRefundPaise = (refunds: readonly LedgerRefund[]): number =>
  refunds.filter((r) => r.status === 'processed').reduce((s, r) => s + r.amountPaise, 0);

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
 * Each line's share of the charge and of the processed refunds, in paise, so a list that groups an
 * order's lines (My Orders' campaigns) adds up to the order's own figures. A refund with lines is spread
 * over those lines, an amount-only refund over all of them, in proportion to their shares.
 */
export function lineLedger(input: LedgerInput): Map<number, { totalPaise: number; refundedPaise: number }> {
  const shares = lineShares(
    input.lines.map((l) => l.pricePaise),
    input.totalPaise,
  );
  const out = new Map(input.lines.map((l, i) => [l.id, { totalPaise: shares[i] ?? 0, refundedPaise: 0 }]));
  for (const refund of input.refunds) {
    if (refund.status !== 'processed') continue;
    const over = refund.lineIds.length
      ? input.lines.filter((l) => refund.lineIds.includes(l.id))
      : input.lines;
    const parts = lineShares(
      over.map((l) => out.get(l.id)?.totalPaise ?? 0),
      refund.amountPaise,
    );
    over.forEach((l, i) => {
      const entry = out.get(l.id);
      if (entry) entry.refundedPaise += parts[i] ?? 0;
    });
  }
  return out;
}
