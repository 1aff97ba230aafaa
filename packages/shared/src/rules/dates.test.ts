import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkBookingRange,
  DATE_RANGE_MESSAGES,
  type DateRangeProblem,
  daysBetween,
  eachDate,
  earliestStartDate,
  isIsoDate,
  thisMonthIst,
  todayIst,
} from './dates.ts';

describe('isIsoDate', () => {
  it.each(['2026-02-28', '2028-02-29', '2026-12-31', '2027-01-01'])('accepts %s', (d) => {
    expect(isIsoDate(d)).toBe(true);
  });
  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-2-1',
    '26-02-01',
    '2026-02-01T00:00',
    '',
    'abc',
  ])('refuses %j', (d) => {
    expect(isIsoDate(d)).toBe(false);
  });
});

describe('thisMonthIst', () => {
  it('turns the month at midnight in India, not at midnight UTC', () => {
    expect(thisMonthIst(new Date('2026-11-30T18:29:00Z'))).toBe('2026-11');
    expect(thisMonthIst(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12');
  });
});

describe('todayIst', () => {
  it('is the calendar date in India (UTC+05:30), not in UTC', () => {
    expect(todayIst(new Date('2026-11-22T06:30:00Z'))).toBe('2026-11-22');
    // 18:29:59 UTC is 23:59:59 IST; 18:30 UTC is already midnight in India.
    expect(todayIst(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(todayIst(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    // 23:59 UTC is 05:29 IST the next day.
    expect(todayIst(new Date('2026-11-22T23:59:00Z'))).toBe('2026-11-23');
    expect(todayIst(new Date('2026-11-21T23:59:00Z'))).toBe('2026-11-22');
  });

  it("agrees with the time zone database's Asia/Kolkata at every hour of a year", () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (
      let t = Date.parse('2026-01-01T00:00:00Z');
      t < Date.parse('2027-01-01T00:00:00Z');
      t += 3_600_000 + 60_000
    ) {
      const instant = new Date(t);
      expect(todayIst(instant)).toBe(zone.format(instant));
    }
  });

  it('rolls the year over at IST midnight', () => {
    expect(todayIst(new Date('2026-12-31T18:29:00Z'))).toBe('2026-12-31');
    expect(todayIst(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-11-22', 7)).toBe('2026-11-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-22', 365)).toBe('2027-11-22');
  });
});

describe('daysBetween', () => {
  it('counts the days of the half-open range [from, to)', () => {
    expect(daysBetween('2026-12-01', '2026-12-08')).toBe(7);
    expect(daysBetween('2026-12-08', '2026-12-15')).toBe(7);
    expect(daysBetween('2026-12-01', '2026-12-02')).toBe(1);
    expect(daysBetween('2026-12-01', '2026-12-01')).toBe(0);
    expect(daysBetween('2026-12-08', '2026-12-01')).toBe(-7);
  });

  it('handles month ends, leap years and a whole year', () => {
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2027-02-01', '2027-03-01')).toBe(28);
    expect(daysBetween('2026-11-22', '2027-11-22')).toBe(365);
    expect(daysBetween('2027-11-22', '2028-11-22')).toBe(366);
  });
});

describe('earliestStartDate', () => {
  it('is today in IST plus 7 days', () => {
    expect(earliestStartDate(new Date('2026-11-22T06:30:00Z'))).toBe('2026-11-29');
    expect(earliestStartDate(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-30');
  });
});

describe('checkBookingRange', () => {
  // 2026-11-22 in India: the earliest start is 2026-11-29.
  const now = new Date('2026-11-22T06:30:00Z');
  const cases: Array<[string, string, number, DateRangeProblem | null]> = [
    ['2026-11-29', '2026-12-06', 7, null],
    ['2026-11-29', '2027-11-29', 7, null],
    ['2026-12-01', '2026-12-15', 14, null],
    ['2026-02-30', '2026-12-06', 7, 'invalid_date'],
    ['2026-11-29', 'soon', 7, 'invalid_date'],
    ['2026-11-28', '2026-12-06', 7, 'start_too_soon'],
    ['2026-11-01', '2026-12-06', 7, 'start_too_soon'],
    ['2026-12-06', '2026-12-06', 7, 'end_before_start'],
    ['2026-12-06', '2026-12-01', 7, 'end_before_start'],
    ['2026-11-29', '2026-12-05', 7, 'shorter_than_minimum'],
    ['2026-12-01', '2026-12-14', 14, 'shorter_than_minimum'],
    ['2026-11-29', '2027-11-30', 7, 'longer_than_a_year'],
  ];
  it.each(cases)('%s to %s (minimum %i days): %s', (from, to, minDays, problem) => {
    expect(checkBookingRange(from, to, minDays, now)).toBe(problem);
  });

  it('moves the earliest start at IST midnight', () => {
    expect(checkBookingRange('2026-11-29', '2026-12-06', 7, new Date('2026-11-22T18:29:59Z'))).toBeNull();
    expect(checkBookingRange('2026-11-29', '2026-12-06', 7, new Date('2026-11-22T18:30:00Z'))).toBe(
      'start_too_soon',
    );
  });

  it('has a message for every problem', () => {
    const problems: DateRangeProblem[] = [
      'invalid_date',
      'start_too_soon',
      'end_before_start',
      'shorter_than_minimum',
      'longer_than_a_year',
    ];
    for (const p of problems) expect(DATE_RANGE_MESSAGES[p]).toMatch(/\w/);
    expect(DATE_RANGE_MESSAGES.start_too_soon).toContain('7 days');
  });
});

describe('eachDate', () => {
  it('lists every date of [from, to)', () => {
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(eachDate('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29']);
  });

  it('is empty when the range is empty or reversed', () => {
    expect(eachDate('2026-12-01', '2026-12-01')).toEqual([]);
    expect(eachDate('2026-12-02', '2026-12-01')).toEqual([]);
  });
});
