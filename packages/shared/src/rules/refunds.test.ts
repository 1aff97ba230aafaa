import { describe, expect, it } from 'vitest';
import {
  cancelRefusal,
  lineShares,
  quoteCancellation,
  refundPercentForDays,
  refundTaxablePaise,
  refundTierLabel,
} from './refunds.ts';

describe('refund tiers', () => {
  it('pays 100 % from 15 days, 50 % from 7 to 14, nothing below 7', () => {
    expect([30, 15, 14, 7, 6, 1].map(refundPercentForDays)).toEqual([100, 100, 50, 50, 0, 0]);
  });

  it('refuses started lines and finished statuses, allows the rest', () => {
    const today = '2026-12-01';
    expect(cancelRefusal({ fromDate: '2026-12-01', status: 'scheduled' }, today)).toBe('started');
    expect(cancelRefusal({ fromDate: '2026-11-20', status: 'creative_approved' }, today)).toBe('started');
    expect(cancelRefusal({ fromDate: '2026-12-02', status: 'scheduled' }, today)).toBeNull();
    expect(cancelRefusal({ fromDate: '2026-12-20', status: 'cancelled' }, today)).toBe('status');
    expect(cancelRefusal({ fromDate: '2026-12-20', status: 'posted' }, today)).toBe('status');
  });

  it('labels the tier as the buyer reads it', () => {
    expect(refundTierLabel(50, 10)).toBe('50 %: 10 days before the start');
    expect(refundTierLabel(0, 1)).toBe('0 %: 1 day before the start');
  });
});

describe('line shares of what was charged', () => {
  it('adds up to exactly the charge, the leftover paise going to the largest remainders', () => {
    // 3 equal lines of ₹100 + 18 % GST = 35,400 paise: 11,800 each.
    expect(lineShares([10_000, 10_000, 10_000], 35_400)).toEqual([11_800, 11_800, 11_800]);
    // 100 paise over 3 equal lines: 34, 33, 33.
    expect(lineShares([1, 1, 1], 100)).toEqual([34, 33, 33]);
    const shares = lineShares([12_345, 67_891, 1], 94_557);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(94_557);
  });

  it('never sums above the charge for random orders', () => {
    for (let n = 0; n < 200; n += 1) {
      const prices = Array.from(
        { length: 1 + (n % 7) },
        (_, i) => 1 + ((n * 7919 + i * 104_729) % 9_999_999),
      );
      const charged = Math.round(prices.reduce((s, p) => s + p, 0) * 1.18);
      expect(lineShares(prices, charged).reduce((s, x) => s + x, 0)).toBe(charged);
    }
  });

  it('stays exact for amounts past 2^53 when multiplied', () => {
    const big = 5_000_000_000; // 50 crore in paise... times 100
    const shares = lineShares([big, big, 1], 2 * big * 1.18 + 1);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(2 * big * 1.18 + 1);
  });
});

describe('quoteCancellation', () => {
  const allLines = [
    { id: 1, pricePaise: 100_000, fromDate: '2026-12-31' }, // 30 days
    { id: 2, pricePaise: 100_000, fromDate: '2026-12-11' }, // 10 days
    { id: 3, pricePaise: 100_000, fromDate: '2026-12-05' }, // 4 days
  ];
  const base = { allLines, chargedPaise: 354_000, leftPaise: 354_000, today: '2026-12-01' };

  it('refunds each line by its tier, GST included', () => {
    const quote = quoteCancellation({ ...base, lineIds: [1, 2, 3] });
    expect(quote.lines.map((l) => [l.lineId, l.daysBefore, l.percent, l.refundPaise])).toEqual([
      [1, 30, 100, 118_000],
      [2, 10, 50, 59_000],
      [3, 4, 0, 0],
    ]);
    expect(quote.totalPaise).toBe(177_000);
  });

  it('rounds a half share down to the paisa', () => {
    const quote = quoteCancellation({
      ...base,
      allLines: [{ id: 2, pricePaise: 101, fromDate: '2026-12-11' }],
      chargedPaise: 119,
      lineIds: [2],
    });
    expect(quote.totalPaise).toBe(59);
  });

  it('never refunds more than is left after earlier refunds', () => {
    const quote = quoteCancellation({ ...base, lineIds: [1], leftPaise: 50_000 });
    expect(quote.totalPaise).toBe(50_000);
  });
});

describe('refundTaxablePaise', () => {
  it('takes the GST out of a refund pro rata, rounded half up to the paisa', () => {
    // ₹21,000 charged ₹24,780: ₹1,000.01 refunded holds 100,001 x 21 / 24.78 = 84,746.61 taxable.
    expect(refundTaxablePaise(100_001, 2_478_000, 2_100_000)).toBe(84_747);
    expect(refundTaxablePaise(100_000, 2_478_000, 2_100_000)).toBe(84_746); // 84,745.76
    // A fully refunded ₹10,500 line whose share of 2,258,755 is 1,239,000: 1,049,999.96 -> its price.
    expect(refundTaxablePaise(1_239_000, 2_258_755, 1_914_199)).toBe(1_050_000);
    // Exactly half a paisa rounds up: 3 x 1 / 2 = 1.5.
    expect(refundTaxablePaise(3, 2, 1)).toBe(2);
    expect(refundTaxablePaise(2_478_000, 2_478_000, 2_100_000)).toBe(2_100_000);
  });

  it('gives the whole amount for an order without GST or without a subtotal', () => {
    expect(refundTaxablePaise(5_000, 10_000, 10_000)).toBe(5_000);
    expect(refundTaxablePaise(5_000, 10_000, 0)).toBe(5_000);
    expect(refundTaxablePaise(5_000, 0, 0)).toBe(5_000);
  });

  it('stays exact beyond 2^53', () => {
    const charged = 5_900_000_000_000;
    expect(refundTaxablePaise(charged, charged, 5_000_000_000_000)).toBe(5_000_000_000_000);
  });
});
