import { describe, expect, it } from 'vitest';
import { priceBreakdownText, priceLineToWire } from './price-breakdown-text.ts';
import type { PriceLine } from './rate-card.ts';

const stored: PriceLine[] = [
  {
    kind: 'base',
    label: 'Four-weekly rate',
    days: 28,
    ratePaise: 350_000,
    percentBp: null,
    amountPaise: 9_800_000,
    ruleIds: [],
  },
  {
    kind: 'seasonal',
    label: 'Diwali +20 %',
    days: 1,
    ratePaise: null,
    percentBp: 2000,
    amountPaise: 70_000,
    ruleIds: [3],
  },
  {
    kind: 'volume',
    label: 'Three sites -10 %',
    days: 28,
    ratePaise: null,
    percentBp: -1000,
    amountPaise: -987_000,
    ruleIds: [4],
  },
];

describe('price breakdown text', () => {
  it('converts a stored line (paise, basis points) to the wire (rupees, percent)', () => {
    expect(priceLineToWire(stored[2])).toEqual({
      kind: 'volume',
      label: 'Three sites -10 %',
      days: 28,
      rate: null,
      percent: -10,
      amount: -9870,
      rule_ids: [4],
    });
  });

  it('writes each part with its days and a signed amount, the base with its per-day rate', () => {
    expect(priceBreakdownText(stored.map(priceLineToWire))).toEqual([
      'Four-weekly rate: ₹3,500.00 × 28 days: ₹98,000.00',
      'Diwali +20 % (1 day): +₹700.00',
      'Three sites -10 % (28 days): -₹9,870.00',
    ]);
  });
});
