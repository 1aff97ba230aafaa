import type { PriceBreakdown } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceBreakdownLines } from './price-breakdown';

const breakdown: PriceBreakdown = {
  product_id: 7,
  from_date: '2026-12-15',
  to_date: '2027-01-05',
  days: 21,
  tier: 'weekly',
  minimum_days: 7,
  lines: [
    {
      kind: 'base',
      label: 'Weekly rate',
      days: 21,
      rate: 4800,
      percent: null,
      amount: 100_800,
      rule_ids: [],
    },
    {
      kind: 'seasonal',
      label: 'Christmas +20 %',
      days: 8,
      rate: null,
      percent: 20,
      amount: 7680,
      rule_ids: [1],
    },
    { kind: 'seasonal', label: 'Sale -10 %', days: 1, rate: null, percent: -10, amount: -480, rule_ids: [2] },
  ],
  total: 108_000,
};

describe('PriceBreakdownLines', () => {
  afterEach(cleanup);

  it('says what each part is, on how many days, and signs the adjustments', () => {
    render(<PriceBreakdownLines breakdown={breakdown} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const amounts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual([
      'Weekly rate: ₹4,800.00 × 21 days',
      'Christmas +20 % (8 days)',
      'Sale -10 % (1 day)',
    ]);
    expect(amounts).toEqual(['₹1,00,800.00', '+₹7,680.00', '-₹480.00']);
  });
});
