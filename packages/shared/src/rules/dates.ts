import { IST_OFFSET_MS, MAX_BOOKING_SPAN_DAYS, MIN_DAYS_BEFORE_START, MS_PER_DAY } from '../constants.ts';

/** A calendar date as `YYYY-MM-DD`. All booking dates are plain calendar dates in IST. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Today's calendar date in India: the instant moved by IST's fixed offset, read as a UTC day. No
 * Intl.DateTimeFormat with a time zone: building one loads the zone's data, 150 ms of a slow phone's main
 * thread on the first page that asked, and every catalogue read asks (issue 23).
 */
export function todayIst(now: Date = new Date()): IsoDate {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** This month in India, `YYYY-MM`: the month a statement, a calendar or a payouts filter opens on. */
export function thisMonthIst(now: Date = new Date()): string {
  return todayIst(now).slice(0, 7);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Days in the half-open range [from, to): back-to-back ranges share no day. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.ceil(ms / MS_PER_DAY);
}

export function earliestStartDate(now: Date = new Date()): IsoDate {
  return addDays(todayIst(now), MIN_DAYS_BEFORE_START);
}

export type DateRangeProblem =
  | 'invalid_date'
  | 'start_too_soon'
  | 'end_before_start'
  | 'shorter_than_minimum'
  | 'longer_than_a_year';

/** Checks one booking range against docs/product-rules.md section 3. Returns null when the range is acceptable. */
export function checkBookingRange(
  from: IsoDate,
  to: IsoDate,
  minDays: number,
  now: Date = new Date(),
): DateRangeProblem | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'invalid_date';
  if (from < earliestStartDate(now)) return 'start_too_soon';
  if (to <= from) return 'end_before_start';
  const days = daysBetween(from, to);
  if (days < minDays) return 'shorter_than_minimum';
  if (days > MAX_BOOKING_SPAN_DAYS) return 'longer_than_a_year';
  return null;
}

export const DATE_RANGE_MESSAGES: Record<DateRangeProblem, string> = {
  invalid_date: 'Dates must be real calendar dates (YYYY-MM-DD).',
  start_too_soon: `The start date must be at least ${MIN_DAYS_BEFORE_START} days from today.`,
  end_before_start: 'The end date must be after the start date.',
  shorter_than_minimum: 'The booking is shorter than the minimum booking duration of this site.',
  longer_than_a_year: 'A booking can run for at most one year.',
};

/** Every date of [from, to) as a list, for turning booked ranges into unavailable dates. */
export function eachDate(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  // One Date per day, not two string round trips: a page of sites can hold thousands of booked days.
  for (let t = Date.parse(`${from}T00:00:00Z`); t < end; t += MS_PER_DAY) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
