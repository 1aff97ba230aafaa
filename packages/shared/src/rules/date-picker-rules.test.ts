import { describe, expect, it } from 'vitest';
import { formatBookingPeriod, lastDayOf, toDateAfter } from '../india/india-format.ts';
import {
  bookingPickerRules,
  campaignPickerRules,
  DATES_NOT_SELECTED,
  describeRange,
  endDateBounds,
  firstUnavailableOnOrAfter,
  formatIsoDate,
  normaliseUnavailable,
  PICKER_MAX_DATE,
  withNewStart,
} from './date-picker-rules.ts';

// 2026-11-22 06:30 UTC is 12:00 in IST: today is 2026-11-22, earliest start 2026-11-29.
const NOW = new Date('2026-11-22T06:30:00Z');

describe('normaliseUnavailable', () => {
  it('sorts, de-duplicates and drops values that are not calendar dates', () => {
    expect(normaliseUnavailable(['2026-12-05', 'junk', '2026-12-01', '2026-12-05', '2026-02-30'])).toEqual([
      '2026-12-01',
      '2026-12-05',
    ]);
    expect(normaliseUnavailable(undefined)).toEqual([]);
  });
});

describe('firstUnavailableOnOrAfter', () => {
  const sorted = ['2026-12-01', '2026-12-05', '2026-12-20'];
  it('finds the date itself, the next one, or none', () => {
    expect(firstUnavailableOnOrAfter('2026-12-05', sorted)).toBe('2026-12-05');
    expect(firstUnavailableOnOrAfter('2026-12-02', sorted)).toBe('2026-12-05');
    expect(firstUnavailableOnOrAfter('2026-11-01', sorted)).toBe('2026-12-01');
    expect(firstUnavailableOnOrAfter('2026-12-21', sorted)).toBeNull();
    expect(firstUnavailableOnOrAfter('2026-12-21', [])).toBeNull();
  });
});

describe('start dates', () => {
  it('starts 7 days after today in IST, whatever the UTC date', () => {
    // 2026-11-22 20:00 UTC is already 2026-11-23 01:30 in IST.
    const late = bookingPickerRules({ now: new Date('2026-11-22T20:00:00Z') });
    expect(late.earliestStart).toBe('2026-11-30');
    expect(late.isStartDisabled('2026-11-29')).toBe(true);
    expect(late.isStartDisabled('2026-11-30')).toBe(false);

    const rules = bookingPickerRules({ now: NOW });
    expect(rules.earliestStart).toBe('2026-11-29');
    expect(rules.startBounds.min).toBe('2026-11-29');
    expect(rules.isStartDisabled('2026-11-28')).toBe(true);
    expect(rules.isStartDisabled('2026-11-29')).toBe(false);
  });

  it('disables unavailable dates', () => {
    const rules = bookingPickerRules({ unavailableDates: ['2026-12-10'], bookingDuration: 1, now: NOW });
    expect(rules.isStartDisabled('2026-12-10')).toBe(true);
    expect(rules.isStartDisabled('2026-12-09')).toBe(false);
    expect(rules.isStartDisabled('2026-12-11')).toBe(false);
  });

  it('disables starts whose minimum booking would run into an unavailable date (pushed past gaps)', () => {
    // 7-day minimum, booked on 12-10: a start on 12-03 gives [12-03, 12-10), which fits exactly.
    const rules = bookingPickerRules({ unavailableDates: ['2026-12-10'], bookingDuration: 7, now: NOW });
    expect(rules.isStartDisabled('2026-12-03')).toBe(false);
    for (const d of ['2026-12-04', '2026-12-05', '2026-12-09', '2026-12-10']) {
      expect(rules.isStartDisabled(d), d).toBe(true);
    }
    expect(rules.isStartDisabled('2026-12-11')).toBe(false);
  });

  it('reads the booking duration in every catalogue form, 7 days when unknown', () => {
    const unavailable = ['2026-12-10'];
    expect(
      bookingPickerRules({ unavailableDates: unavailable, bookingDuration: '3 days', now: NOW }).durationDays,
    ).toBe(3);
    expect(
      bookingPickerRules({ unavailableDates: unavailable, bookingDuration: 259_200, now: NOW }).durationDays,
    ).toBe(3);
    expect(bookingPickerRules({ bookingDuration: null, now: NOW }).durationDays).toBe(7);
    const threeDays = bookingPickerRules({
      unavailableDates: unavailable,
      bookingDuration: '3 days',
      now: NOW,
    });
    expect(threeDays.isStartDisabled('2026-12-07')).toBe(false);
    expect(threeDays.isStartDisabled('2026-12-08')).toBe(true);
  });

  it('refuses dates that are not calendar dates and starts whose end would leave the year range', () => {
    const rules = bookingPickerRules({ now: NOW });
    expect(rules.isStartDisabled('not-a-date')).toBe(true);
    expect(rules.isStartDisabled('2026-13-01')).toBe(true);
    expect(rules.startBounds.max).toBe('2070-12-24');
    expect(rules.isStartDisabled('2070-12-24')).toBe(false);
    expect(rules.isStartDisabled('2070-12-25')).toBe(true);
  });
});

describe('firstAllowedStart', () => {
  it('is the earliest start when nothing blocks it', () => {
    expect(bookingPickerRules({ now: NOW }).firstAllowedStart()).toBe('2026-11-29');
  });
  it('skips starts whose minimum booking runs into unavailable dates', () => {
    const rules = bookingPickerRules({
      unavailableDates: ['2026-12-03', '2026-12-04', '2026-12-05'],
      bookingDuration: 30,
      now: NOW,
    });
    expect(rules.firstAllowedStart()).toBe('2026-12-06');
  });
  it('is null when every date for a year and a half is blocked', () => {
    const all = Array.from({ length: 600 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 29 + i)).toISOString().slice(0, 10),
    );
    expect(bookingPickerRules({ unavailableDates: all, now: NOW }).firstAllowedStart()).toBeNull();
  });
});

describe('end dates', () => {
  it('are all disabled until a start is chosen', () => {
    const rules = bookingPickerRules({ now: NOW });
    expect(rules.endBounds(null)).toBeNull();
    expect(rules.isEndDisabled('2026-12-20', null)).toBe(true);
    expect(rules.isEndDisabled('2026-12-20', undefined)).toBe(true);
  });

  it('must be at least the booking duration after the start', () => {
    const rules = bookingPickerRules({ bookingDuration: 7, now: NOW });
    expect(rules.endBounds('2026-12-01')).toEqual({ min: '2026-12-08', max: '2027-12-01' });
    expect(rules.isEndDisabled('2026-12-07', '2026-12-01')).toBe(true);
    expect(rules.isEndDisabled('2026-12-08', '2026-12-01')).toBe(false);
  });

  it('may be at most 365 days after the start', () => {
    const rules = bookingPickerRules({ bookingDuration: 7, now: NOW });
    expect(rules.isEndDisabled('2027-12-01', '2026-12-01')).toBe(false);
    expect(rules.isEndDisabled('2027-12-02', '2026-12-01')).toBe(true);
  });

  it('may fall on the first unavailable date after the start ([from, to) does not cover it) but not beyond', () => {
    const rules = bookingPickerRules({
      unavailableDates: ['2026-12-20', '2026-12-21', '2027-01-10'],
      bookingDuration: 7,
      now: NOW,
    });
    expect(rules.endBounds('2026-12-01')).toEqual({ min: '2026-12-08', max: '2026-12-20' });
    expect(rules.isEndDisabled('2026-12-20', '2026-12-01')).toBe(false);
    expect(rules.isEndDisabled('2026-12-21', '2026-12-01')).toBe(true);
    // Past the gap the next blocker bounds the end.
    expect(rules.endBounds('2026-12-22')).toEqual({ min: '2026-12-29', max: '2027-01-10' });
  });

  it('has no possible end when the gap is shorter than the booking duration', () => {
    expect(endDateBounds('2026-12-05', ['2026-12-10'], 7)).toBeNull();
    expect(endDateBounds('2026-12-03', ['2026-12-10'], 7)).toEqual({ min: '2026-12-10', max: '2026-12-10' });
    expect(endDateBounds('bad', [], 7)).toBeNull();
  });

  it('never goes past 2070', () => {
    expect(endDateBounds('2070-06-01', [], 7)).toEqual({ min: '2070-06-08', max: PICKER_MAX_DATE });
  });
});

describe('isRangeAllowed', () => {
  const rules = bookingPickerRules({ unavailableDates: ['2026-12-20'], bookingDuration: 7, now: NOW });
  it('accepts a range that meets every rule', () => {
    expect(rules.isRangeAllowed('2026-12-01', '2026-12-08')).toBe(true);
    expect(rules.isRangeAllowed('2026-12-01', '2026-12-20')).toBe(true);
  });
  it('refuses missing, too early, too short and blocked ranges', () => {
    expect(rules.isRangeAllowed(null, '2026-12-08')).toBe(false);
    expect(rules.isRangeAllowed('2026-12-01', null)).toBe(false);
    expect(rules.isRangeAllowed('2026-11-25', '2026-12-08')).toBe(false);
    expect(rules.isRangeAllowed('2026-12-01', '2026-12-07')).toBe(false);
    expect(rules.isRangeAllowed('2026-12-01', '2026-12-21')).toBe(false);
  });
});

describe('campaignPickerRules', () => {
  it('uses the longest minimum booking of the sites and ignores their unavailable dates', () => {
    const rules = campaignPickerRules([3, '10 days', 86_400], NOW);
    expect(rules.durationDays).toBe(10);
    expect(rules.endBounds('2026-12-01')?.min).toBe('2026-12-11');
    expect(rules.isStartDisabled('2026-11-29')).toBe(false);
  });
  it('falls back to 7 days for a campaign without sites', () => {
    expect(campaignPickerRules([], NOW).durationDays).toBe(7);
  });
});

describe('helpers', () => {
  it('a new start clears the end', () => {
    expect(withNewStart('2026-12-01')).toEqual({ from_date: '2026-12-01', to_date: null });
    expect(withNewStart(null)).toEqual({ from_date: null, to_date: null });
  });

  it('describes a range or says the dates are not selected', () => {
    // The stored to_date is exclusive: people read the last day, the one before it.
    expect(describeRange('2026-12-05', '2026-12-12')).toBe('5 Dec 2026 - 11 Dec 2026 (7 days)');
    expect(describeRange('2026-12-05', '2026-12-06')).toBe('5 Dec 2026 (1 day)');
    expect(describeRange('2026-12-05', null)).toBe(DATES_NOT_SELECTED);
    expect(describeRange(undefined, undefined)).toBe('Dates Not Selected');
    expect(formatIsoDate('2027-01-31')).toBe('31 Jan 2027');
  });
});

describe('the end picker offers the last day (issue 19: the one-day shift)', () => {
  const rules = bookingPickerRules({ bookingDuration: 7, now: NOW, unavailableDates: ['2026-12-20'] });

  it('bounds the last day one before the exclusive to_date bounds', () => {
    expect(rules.endBounds('2026-12-01')).toEqual({ min: '2026-12-08', max: '2026-12-20' });
    // Minimum last day = from + booking_duration - 1 (docs/decisions/038-one-date-convention.md); the day before a booked
    // date is the latest last day, the booked date itself is never offered.
    expect(rules.lastDayBounds('2026-12-01')).toEqual({ min: '2026-12-07', max: '2026-12-19' });
    expect(rules.isLastDayDisabled('2026-12-06', '2026-12-01')).toBe(true);
    expect(rules.isLastDayDisabled('2026-12-07', '2026-12-01')).toBe(false);
    expect(rules.isLastDayDisabled('2026-12-19', '2026-12-01')).toBe(false);
    expect(rules.isLastDayDisabled('2026-12-20', '2026-12-01')).toBe(true);
    expect(rules.lastDayBounds(null)).toBeNull();
  });

  it('a picked last day of 6 Jan books 6 Jan and reads "6 Jan" everywhere', () => {
    const picked = '2027-01-06';
    const to = toDateAfter(picked);
    expect(to).toBe('2027-01-07');
    expect(describeRange('2026-12-07', to)).toBe('7 Dec 2026 - 6 Jan 2027 (31 days)');
    expect(formatBookingPeriod('2026-12-07', to)).toBe(describeRange('2026-12-07', to));
    expect(lastDayOf(to)).toBe(picked);
  });
});
