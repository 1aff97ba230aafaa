import { daysBetween, type IsoDate } from './dates.ts';
import { canMoveLine, type OrderLineStatus } from './order-line-status.ts';

/*
 * Cancellation and refunds (docs/product-rules.md section 10, docs/decisions/030). Pure: amounts in paise, dates
 * YYYY-MM-DD in IST. The API and the web app both read these.
 */

/** 15 or more days before the start: 100 %; 7 to 14: 50 %; fewer: nothing (the line still cancels). */
export function refundPercentForDays(daysBefore: number): 0 | 50 | 100 {
  if (daysBefore >= 15) return 100;
  if (daysBefore >= 7) return 50;
  return 0;
}

export type CancelRefusal = 'started' | 'status';

/** Whole days from today (IST) to the line's start; 0 or less means it has started. */
export function daysBeforeStart(fromDate: IsoDate, today: IsoDate): number {
  return daysBetween(today, fromDate);
}

/** Why a line cannot be cancelled, or null when it can (started lines and finished statuses cannot). */
export function cancelRefusal(
  line: { fromDate: IsoDate; status: OrderLineStatus },
  today: IsoDate,
): CancelRefusal | null {
  if (!canMoveLine(line.status, 'cancelled')) return 'status';
  if (daysBeforeStart(line.fromDate, today) <= 0) return 'started';
  return null;
}

/**
 * Splits what was charged (subtotal + GST) over the order's lines in proportion to their prices, so a
 * line's share is its price plus its pro-rata part of the taxes. Each share is rounded down to the paisa
 * and the paise left over go one each to the lines with the largest remainders (ties: the earlier line),
 * so the shares add up to exactly `chargedPaise` and never more.
 */
export function lineShares(pricesPaise: readonly number[], chargedPaise: number): number[] {
  const base = pricesPaise.reduce((s, p) => s + p, 0);
  if (base <= 0) return pricesPaise.map(() => 0);
  // BigInt keeps price x total exact beyond 2^53 (50 crore x 50 crore in paise).
  const exact = pricesPaise.map((p) => BigInt(p) * BigInt(chargedPaise));
  const b = BigInt(base);
  const shares = exact.map((e) => Number(e / b));
  let left = chargedPaise - shares.reduce((s, x) => s + x, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e % b }))
    .sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The taxable value (the part that is not GST) of a GST-inclusive refund of an order that charged
 * `chargedPaise` for `subtotalPaise`: `amount x subtotal / charged`, rounded half up to the paisa (the
 * taxes are the rest). Rounding to the nearest paisa gives back a fully refunded line's own price in
 * the usual case (its share of the charge is itself rounded), where rounding down would keep a paisa.
 * An order without GST (subtotal 0 or equal to the charge) gives the whole amount. The credit note
 * shows it and the owners' statements subtract it (docs/decisions/030).
 */
export function refundTaxablePaise(amountPaise: number, chargedPaise: number, subtotalPaise: number): number {
  if (chargedPaise <= 0 || subtotalPaise <= 0 || subtotalPaise >= chargedPaise) return amountPaise;
  const c = BigInt(chargedPaise);
  return Number((2n * BigInt(amountPaise) * BigInt(subtotalPaise) + c) / (2n * c));
}

export interface RefundQuoteLine {
  lineId: number;
  fromDate: IsoDate;
  daysBefore: number;
  percent: 0 | 50 | 100;
  /** The line's share of what was charged (price + its GST). */
  valuePaise: number;
  refundPaise: number;
}

export interface RefundQuote {
  lines: RefundQuoteLine[];
  /** The sum of the lines' refunds, capped by what is left to refund (operator refunds come first). */
  totalPaise: number;
}

/**
 * The refund for cancelling `lineIds` of an order. `allLines` are every line of the order (cancelled ones
 * too, so shares never move); a line's refund is its share times its percent, rounded down to the paisa.
 * The total never exceeds `leftPaise` (what was paid and not yet refunded).
 */
export function quoteCancellation(input: {
  allLines: readonly { id: number; pricePaise: number; fromDate: IsoDate }[];
  lineIds: readonly number[];
  chargedPaise: number;
  leftPaise: number;
  today: IsoDate;
  /** What each line has left (decision 065): a line's refund never exceeds it, nor takes from another line. */
  lineLeftPaise?: ReadonlyMap<number, number>;
}): RefundQuote {
  const shares = lineShares(
    input.allLines.map((l) => l.pricePaise),
    input.chargedPaise,
  );
  const lines: RefundQuoteLine[] = [];
  input.allLines.forEach((l, i) => {
    if (!input.lineIds.includes(l.id)) return;
    const daysBefore = daysBeforeStart(l.fromDate, input.today);
    const percent = refundPercentForDays(daysBefore);
    lines.push({
      lineId: l.id,
      fromDate: l.fromDate,
      daysBefore,
      percent,
      valuePaise: shares[i],
      refundPaise: Math.min(
        Math.floor((shares[i] * percent) / 100),
        input.lineLeftPaise?.get(l.id) ?? Number.MAX_SAFE_INTEGER,
      ),
    });
  });
  const sum = lines.reduce((s, l) => s + l.refundPaise, 0);
  return { lines, totalPaise: Math.max(0, Math.min(sum, input.leftPaise)) };
}

/** "50 %: 10 days before the start", as the buyer reads it before confirming. */
export function refundTierLabel(percent: number, daysBefore: number): string {
  const days = `${daysBefore} ${daysBefore === 1 ? 'day' : 'days'} before the start`;
  return `${percent} %: ${days}`;
}
