import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarDays,
  calendarWindow,
  firstFreeRange,
  firstFreeStart,
} from './availability-calendar.ts';

describe('availability calendar', () => {
  it('adds months, keeping the day or the month end', () => {
    expect(addMonths('2026-12-02', 12)).toBe('2027-12-02');
    expect(addMonths('2026-12-02', 1)).toBe('2027-01-02');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 11)).toBe('2027-02-28');
  });

  it('a 12-month window has a year of days from today, the day a year on excluded', () => {
    const w = calendarWindow('2026-12-02', 12);
    expect(w).toEqual({ from: '2026-12-02', to: '2027-12-02' });
    const days = calendarDays(w, []);
    expect(days).toHaveLength(365);
    expect(days[0]).toEqual({ date: '2026-12-02', state: 'free' });
    expect(days.at(-1)).toEqual({ date: '2027-12-01', state: 'free' });
    expect(calendarDays(calendarWindow('2027-12-02', 12), [])).toHaveLength(366);
  });

  it('marks each row on its days, to exclusive, clipped to the window', () => {
    const days = calendarDays({ from: '2026-12-01', to: '2026-12-11' }, [
      { from: '2026-11-20', to: '2026-12-03', state: 'booked' },
      { from: '2026-12-03', to: '2026-12-05', state: 'held' },
      { from: '2026-12-07', to: '2026-12-08', state: 'blocked' },
      { from: '2026-12-10', to: '2027-01-01', state: 'booked' },
    ]);
    expect(days.map((d) => d.state)).toEqual([
      'booked',
      'booked',
      'held',
      'held',
      'free',
      'free',
      'blocked',
      'free',
      'free',
      'booked',
    ]);
  });

  it('the first free range of the minimum length, from the earliest start', () => {
    const days = calendarDays({ from: '2026-12-01', to: '2026-12-31' }, [
      { from: '2026-12-10', to: '2026-12-12', state: 'booked' },
      { from: '2026-12-20', to: '2026-12-21', state: 'blocked' },
    ]);
    expect(firstFreeRange(days, 7, '2026-12-08')).toEqual({ from: '2026-12-12', to: '2026-12-19' });
    expect(firstFreeRange(days, 8, '2026-12-08')).toEqual({ from: '2026-12-12', to: '2026-12-20' });
    expect(firstFreeRange(days, 9, '2026-12-08')).toEqual({ from: '2026-12-21', to: '2026-12-30' });
    expect(firstFreeRange(days, 11, '2026-12-08')).toBeNull();
    expect(firstFreeRange(days, 7, '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-08' });
  });
});

describe('firstFreeStart', () => {
  const taken = ['2026-12-10', '2026-12-11', '2026-12-20'];
  it('is the first start of the minimum free days in a row from the earliest start', () => {
    expect(firstFreeStart(taken, 7, '2026-12-01', '2027-12-01')).toBe('2026-12-01');
    expect(firstFreeStart(taken, 10, '2026-12-01', '2027-12-01')).toBe('2026-12-21');
    expect(firstFreeStart(taken, 8, '2026-12-05', '2027-12-01')).toBe('2026-12-12');
    expect(firstFreeStart(taken, 9, '2026-12-01', '2027-12-01')).toBe('2026-12-01');
    expect(firstFreeStart([], 14, '2026-12-09', '2027-12-02')).toBe('2026-12-09');
  });
  it('is null when the window holds no such run', () => {
    expect(firstFreeStart(taken, 10, '2026-12-01', '2026-12-30')).toBeNull();
    expect(firstFreeStart(taken, 9, '2026-12-21', '2026-12-30')).toBe('2026-12-21');
  });
});
