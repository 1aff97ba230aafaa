import { describe, expect, it } from 'vitest';
import {
  formatBookingPeriod,
  formatCount,
  formatDateIst,
  formatDateTimeIst,
  formatDay,
  formatDayShort,
  formatDeadlineIst,
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

  it('writes a deadline with its weekday, date and time in India time', () => {
    expect(formatDeadlineIst('2026-11-24T09:15:00.000Z')).toBe('Tue, 24 Nov 2026, 14:45 IST');
    // Past midnight in India while still the day before in UTC.
    expect(formatDeadlineIst('2026-11-24T19:00:00.000Z')).toBe('Wed, 25 Nov 2026, 00:30 IST');
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
    // One expect over every disagreement, not three per hour: 23,000 expect calls took 6 s on a loaded
    // CI machine and outran the test's time limit, while the comparisons themselves take milliseconds.
    const disagreements: string[] = [];
    for (
      let t = Date.parse('2026-01-01T00:00:00Z');
      t < Date.parse('2027-01-01T00:00:00Z');
      t += 3_600_000 + 7 * 60_000
    ) {
      const at = new Date(t);
      const pairs: [string, string][] = [
        [formatDateTimeIst(at), dateTime.format(at)],
        [formatDateIst(at.toISOString()), date.format(at)],
        [formatTimeIst(at), time.format(at)],
      ];
      for (const [ours, zone] of pairs) {
        if (ours !== zone) disagreements.push(`${at.toISOString()}: ${ours} != ${zone}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('the written formats say what Intl en-IN says', () => {
  const utc = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-IN', { ...options, timeZone: 'UTC' });

  it('days and months: every day of two years, one a leap year', () => {
    const day = utc({ day: 'numeric', month: 'short', year: 'numeric' });
    const short = utc({ day: 'numeric', month: 'short' });
    const month = utc({ month: 'long', year: 'numeric' });
    for (
      let t = Date.parse('2027-01-01T00:00:00Z');
      t < Date.parse('2029-01-01T00:00:00Z');
      t += 86_400_000
    ) {
      const at = new Date(t);
      const iso = at.toISOString().slice(0, 10);
      expect(formatDay(iso)).toBe(day.format(at));
      expect(formatDayShort(iso)).toBe(short.format(at));
      expect(formatMonth(iso.slice(0, 7))).toBe(month.format(at));
    }
  });

  it('money and counts: round values, halves, large and negative amounts', () => {
    const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const count = new Intl.NumberFormat('en-IN');
    const values = [0, 1, 9, 10, 99.995, 100, 999, 1000, 1148.5, 1.005, 0.125, 2.675, 12345.675, 99999.999];
    for (let n = 1; n < 1e16; n *= 7) values.push(n, n + 0.5, n / 3, n * 1.0001);
    // A fixed sequence (the same numbers every run): amounts with paise of 2 to 15 digits.
    let seed = 20261128;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 500; i++) values.push(Math.round(next() * 10 ** (1 + (i % 14))) / 100);
    for (const n of values) {
      expect(formatRupees(n)).toBe(`₹${rupees.format(n)}`);
      expect(formatRupees(-n)).toBe(n === 0 ? '₹0.00' : `-₹${rupees.format(n)}`);
      expect(formatCount(n)).toBe(count.format(n));
      expect(formatCount(-n)).toBe(count.format(-n));
      const rounded = Math.round(n);
      expect(formatRupeesShort(rounded)).toBe(`₹${whole.format(rounded)}`);
    }
  });
});
