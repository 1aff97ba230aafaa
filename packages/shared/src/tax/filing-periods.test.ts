import { describe, expect, it } from 'vitest';
import { monthBefore, quarterDays, quarterMonths, quarterOfMonth } from './filing-periods.ts';

describe('filing periods', () => {
  it('counts quarters from April, the last one ending in March of the next year', () => {
    expect(quarterMonths('2026-Q1')).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(quarterMonths('2026-Q3')).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(quarterMonths('2026-Q4')).toEqual(['2027-01', '2027-02', '2027-03']);
    expect(quarterDays('2026-Q2')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(quarterDays('2027-Q4')).toEqual({ from: '2028-01-01', to: '2028-03-31' });
  });

  it('finds the quarter of a month and the month before', () => {
    expect(['2026-04', '2026-06', '2026-07', '2026-11', '2027-01', '2027-03'].map(quarterOfMonth)).toEqual([
      '2026-Q1',
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q4',
      '2026-Q4',
    ]);
    for (const month of ['2026-04', '2026-12', '2027-02'])
      expect(quarterMonths(quarterOfMonth(month))).toContain(month);
    expect(monthBefore('2026-01')).toBe('2025-12');
    expect(monthBefore('2026-12')).toBe('2026-11');
  });

  it('refuses anything else', () => {
    for (const bad of ['2026-Q5', '2026-Q0', '2026Q1', '26-Q1', '2026-q1'])
      expect(() => quarterMonths(bad)).toThrow(RangeError);
  });
});
