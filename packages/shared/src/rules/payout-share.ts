import { todayIst } from './dates.ts';

/*
 * The owner's share of a line, the one rule of statements and payouts (docs/product-rules.md sections
 * 10 and "Payouts", decision 047). Commission is COMMISSION_PERCENT of what the marketplace keeps of a
 * line (its value less the taxable part of its processed refunds), rounded half up to the paisa per
 * line. Whatever happens to a line, the owner is due `ownerSharePaise(value, refunded)`; a refund moves
 * it by the difference, so the transfer, its reversals and recoveries always add up to the statements.
 */

/** Commission on a line's kept value (paise, >= 0). */
export function commissionOnPaise(keptPaise: number, percent: number): number {
  return Math.round((Math.max(0, keptPaise) * percent) / 100);
}

/** What the owner is due for a line of `valuePaise` of which `refundedPaise` (taxable) was refunded. */
export function ownerSharePaise(valuePaise: number, refundedPaise: number, percent: number): number {
  const kept = Math.max(0, valuePaise - refundedPaise);
  return kept - commissionOnPaise(kept, percent);
}

/**
 * The owner's part of one more refund of `refundPaise` (taxable) on a line already refunded
 * `refundedBeforePaise`: the reversal (before release) or recovery (after) it causes.
 */
export function ownerPartOfRefundPaise(
  valuePaise: number,
  refundedBeforePaise: number,
  refundPaise: number,
  percent: number,
): number {
  return (
    ownerSharePaise(valuePaise, refundedBeforePaise, percent) -
    ownerSharePaise(valuePaise, refundedBeforePaise + refundPaise, percent)
  );
}

/** Hours after a line's first day (IST midnight) without an accepted proof before it is flagged. */
export const PAYOUT_FLAG_HOURS = 48;

/** The IST month (YYYY-MM) of a moment: statements and payouts count money in it. */
export function istMonthOf(moment: Date): string {
  return todayIst(moment).slice(0, 7);
}

/**
 * "Commission 15 %" for a statement whose lines share one recorded rate, "Commission 15 % / 20 %" when the
 * setting changed between their payments (each line keeps the rate recorded when it was paid).
 */
export function statementCommissionLabel(s: {
  commission_percent: number | null;
  lines: Array<{ commission_percent: number }>;
}): string {
  if (s.commission_percent !== null) return `Commission ${s.commission_percent} %`;
  const rates = [...new Set(s.lines.map((l) => l.commission_percent))];
  return `Commission ${rates
    .sort((a, b) => a - b)
    .map((r) => `${r} %`)
    .join(' / ')}`;
}
