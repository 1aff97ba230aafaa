import { formatRupees } from '../india/india-format.ts';
import type { PriceLineWire } from '../schemas/pricing.schemas.ts';
import { toRupees } from './pricing.ts';
import type { PriceLine } from './rate-card.ts';

/**
 * The one way a line's price breakdown is written (decision 081): the product page, the cart, checkout,
 * the buyer's order page and the invoice PDF all read the same words, so a buyer recognises on the
 * invoice the sums the cart showed.
 */

/** A stored breakdown line (paise) as the wire carries it (rupees). */
export function priceLineToWire(line: PriceLine): PriceLineWire {
  return {
    kind: line.kind,
    label: line.label,
    days: line.days,
    rate: line.ratePaise == null ? null : toRupees(line.ratePaise),
    percent: line.percentBp == null ? null : line.percentBp / 100,
    amount: toRupees(line.amountPaise),
    rule_ids: line.ruleIds,
  };
}

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** "Weekly rate: ₹4,000.00 × 14 days", "Diwali +20 % (3 days)", "Volume discount -10 % (14 days)". */
export function priceLineLabel(line: Pick<PriceLineWire, 'kind' | 'label' | 'days' | 'rate'>): string {
  return line.kind === 'base'
    ? `${line.label}: ${formatRupees(line.rate ?? 0)} × ${dayCount(line.days)}`
    : `${line.label} (${dayCount(line.days)})`;
}

/** The base as it is, an adjustment signed: "₹56,000.00", "+₹2,400.00", "-₹5,840.00". */
export function priceLineAmount(line: Pick<PriceLineWire, 'kind' | 'amount'>): string {
  if (line.kind === 'base') return formatRupees(line.amount);
  return line.amount < 0 ? `-${formatRupees(-line.amount)}` : `+${formatRupees(line.amount)}`;
}

/** One text line per part, "label  amount", for a document (the invoice's line description). */
export function priceBreakdownText(lines: readonly PriceLineWire[]): string[] {
  return lines.map((l) => `${priceLineLabel(l)}: ${priceLineAmount(l)}`);
}
