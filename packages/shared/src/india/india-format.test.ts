import { describe, expect, it } from 'vitest';
import {
  formatBookingPeriod,
  formatCount,
  formatDateIst,
  formatDateTimeIst,
  formatDay,
  formatMonth,
  formatPaise,
  formatRupees,
  formatRupeesShort,
  formatTimeIst,
  lastDayOf,
  toDateAfter,
} from './india-format.ts';

describe('India display formats', () => {
  it('shows the last day of an exclusive range, with the day count', () => {
    expect(formatBookingPeriod('2026-12-07', '2027-01-06')).toBe('7 Dec 2026 - 5 Jan 2027 (30 days)');
    expect(formatBookingPeriod('2026-12-07', '2026-12-08')).toBe('7 Dec 2026 (1 day)');
    expect(formatBookingPeriod('2026-12-07', '2026-12-14', { withDays: false })).toBe(
      '7 Dec 2026 - 13 Dec 2026',
    );
  });

  it('converts between the last day people pick and the exclusive to_date', () => {
    expect(lastDayOf('2027-01-01')).toBe('2026-12-31');
    expect(toDateAfter('2026-12-31')).toBe('2027-01-01');
    expect(toDateAfter(lastDayOf('2028-03-01'))).toBe('2028-03-01');
  });

  it('reads moments in IST: the day and the clock time', () => {
    // 20:00 UTC on 25 Nov is 01:30 on 26 Nov in India.
    expect(formatDateIst('2026-11-25T20:00:00Z')).toBe('26 Nov 2026');
    expect(formatTimeIst('2026-11-25T20:00:00Z')).toBe('01:30');
    expect(formatMonth('2026-12')).toBe('December 2026');
  });

  it('formats a day without shifting it by the time zone', () => {
    expect(formatDay('2026-03-31')).toBe('31 Mar 2026');
  });

  it('shows money with two decimals in the Indian grouping', () => {
    expect(formatRupees(1148.5)).toBe('₹1,148.50');
    expect(formatRupees(8732000)).toBe('₹87,32,000.00');
    expect(formatPaise(8732000n)).toBe('₹87,320.00');
    expect(formatRupeesShort(87320)).toBe('₹87,320');
    expect(formatRupeesShort(1148.5)).toBe('₹1,148.50');
  });

  it('groups counts in lakhs and crores', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(12345678)).toBe('1,23,45,678');
  });
});

describe('IST moments without the time zone database', () => {
  it("read as Asia/Kolkata's own formatting at every hour of a year", () => {
    const zone = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-IN', { ...options, timeZone: 'Asia/Kolkata' });
    const dateTime = zone({
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    const date = zone({ day: 'numeric', month: 'short', year: 'numeric' });
    const time = zone({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (
      let t = Date.parse('2026-01-01T00:00:00Z');
      t < Date.parse('2027-01-01T00:00:00Z');
      t += 3_600_000 + 7 * 60_000
    ) {
      const at = new Date(t);
      expect(formatDateTimeIst(at)).toBe(dateTime.format(at));
      expect(formatDateIst(at.toISOString())).toBe(date.format(at));
      expect(formatTimeIst(at)).toBe(time.format(at));
    }
  });
});
