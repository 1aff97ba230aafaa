import { describe, expect, it } from 'vitest';
import { formatRupees } from '../india/india-format.ts';
import { chargedDays, linePricePaise, toPaise, toRupees, totalPricePaise } from './pricing.ts';

describe('paise and rupees', () => {
  it('converts without float drift', () => {
    expect(toPaise(1500)).toBe(150_000);
    expect(toPaise(10.1)).toBe(1010);
    expect(toPaise(0.29)).toBe(29);
    expect(toPaise(25000.5)).toBe(2_500_050);
    expect(toRupees(1010)).toBe(10.1);
    expect(toRupees(2_500_050)).toBe(25000.5);
    expect(toRupees(toPaise(19.99))).toBe(19.99);
  });
});

describe('chargedDays', () => {
  it('is the days between the dates when both are set', () => {
    expect(
      chargedDays({ price: 1, from_date: '2026-12-01', to_date: '2026-12-11', booking_duration: 30 }),
    ).toBe(10);
  });

  it('is the booking duration without both dates', () => {
    expect(chargedDays({ price: 1, booking_duration: '14 days' })).toBe(14);
    expect(chargedDays({ price: 1, booking_duration: 604_800, from_date: '2026-12-01', to_date: null })).toBe(
      7,
    );
    expect(chargedDays({ price: 1, from_date: null, to_date: '2026-12-11' })).toBe(7);
  });
});

describe('linePricePaise and totalPricePaise', () => {
  it('line = daily price x days, in paise', () => {
    expect(linePricePaise({ price: 1500, from_date: '2026-12-01', to_date: '2026-12-08' })).toBe(1_050_000);
    expect(linePricePaise({ price: 500.5, booking_duration: 2_592_000 })).toBe(1_501_500);
    // 0.1 x 3 is 0.30000000000000004 in floating point; in paise it is exactly 30.
    expect(linePricePaise({ price: 0.1, booking_duration: 3 })).toBe(30);
  });

  it('total = sum of the lines', () => {
    const lines = [
      { price: 1000, booking_duration: 7 },
      { price: 2000, booking_duration: '14 days' },
      { price: 0.1, from_date: '2026-12-01', to_date: '2026-12-04' },
    ];
    expect(totalPricePaise(lines)).toBe(700_000 + 2_800_000 + 30);
    expect(totalPricePaise([])).toBe(0);
  });
});

describe('formatRupees', () => {
  it('shows rupees with the rupee sign and Indian digit grouping', () => {
    const text = formatRupees(1_234_567.5);
    expect(text).toContain('₹');
    expect(text).toContain('12,34,567.5');
    expect(formatRupees(1500)).toBe('₹1,500.00');
  });

  it('puts the sign before the rupee sign (a refund, a recovery)', () => {
    expect(formatRupees(-50)).toBe('-₹50.00');
    expect(formatRupees(-0)).toBe('₹0.00');
  });
});
