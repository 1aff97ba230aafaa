import { MAX_BOOKING_SPAN_DAYS } from '../constants.ts';
import { formatBookingPeriod, formatDay, lastDayOf, toDateAfter } from '../india/india-format.ts';
import { parseBookingDuration } from './booking-duration.ts';
import { addDays, earliestStartDate, type IsoDate, isIsoDate } from './dates.ts';

/**
 * What the booking date pickers allow (docs/product-spec.md section 5, docs/product-rules.md section 3), as pure functions so the
 * picker component, the pages and the tests share one reading of the rules.
 *
 * A booking covers [from, to): the end date itself is not booked, so an end may fall ON the first
 * unavailable date after the start but never beyond it.
 */

/** The calendars offer years 2022 to 2070 (docs/product-spec.md section 9). */
export const PICKER_MIN_DATE: IsoDate = '2022-01-01';
export const PICKER_MAX_DATE: IsoDate = '2070-12-31';

/** Shown wherever a range has no dates yet (docs/product-spec.md section 8). */
export const DATES_NOT_SELECTED = 'Dates Not Selected';

export interface PickerRuleInput {
  /** Dates (YYYY-MM-DD) on which the site cannot run; anything unreadable is ignored. */
  unavailableDates?: readonly string[];
  /** The site's minimum booking in any form the catalogue uses (days, "7 days", seconds). */
  bookingDuration?: unknown;
  /** The current instant; "today" is read in IST. */
  now?: Date;
}

export interface DateBounds {
  min: IsoDate;
  max: IsoDate;
}

/** Unavailable dates as a sorted, de-duplicated list of valid calendar dates. */
export function normaliseUnavailable(dates: readonly string[] | undefined): IsoDate[] {
  if (!dates?.length) return [];
  return [...new Set(dates.filter(isIsoDate))].sort();
}

/** The first unavailable date on or after `date` in a sorted list (binary search), or null. */
export function firstUnavailableOnOrAfter(
  date: IsoDate,
  sortedUnavailable: readonly IsoDate[],
): IsoDate | null {
  let lo = 0;
  let hi = sortedUnavailable.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedUnavailable[mid] < date) lo = mid + 1;
    else hi = mid;
  }
  return lo < sortedUnavailable.length ? sortedUnavailable[lo] : null;
}

// The earliest of some YYYY-MM-DD strings (plain string order; Math.min cannot compare them).
const minIso = (...dates: IsoDate[]): IsoDate => dates.reduce((a, b) => (b < a ? b : a));

/**
 * The end dates a start allows: at least start + booking duration, at most start + 365 days, never past
 * the first unavailable date from the start on, and inside the calendar's year range. Null when no end is
 * possible (the gap before the next unavailable date is shorter than the booking duration).
 */
export function endDateBounds(
  from: IsoDate,
  sortedUnavailable: readonly IsoDate[],
  durationDays: number,
): DateBounds | null {
  if (!isIsoDate(from)) return null;
  const min = addDays(from, Math.max(1, durationDays));
  const blocker = firstUnavailableOnOrAfter(from, sortedUnavailable);
  const max = minIso(addDays(from, MAX_BOOKING_SPAN_DAYS), PICKER_MAX_DATE, ...(blocker ? [blocker] : []));
  return min <= max ? { min, max } : null;
}

/**
 * A prepared view of the rules for one site (or one whole campaign), so a calendar asking about 42 days
 * per month does not re-sort the unavailable dates each time.
 */
export interface BookingPickerRules {
  durationDays: number;
  /** The earliest start any site allows: today (IST) + 7 days. */
  earliestStart: IsoDate;
  /** Bounds of the start calendar. */
  startBounds: DateBounds;
  isStartDisabled(date: IsoDate): boolean;
  /** The first start the calendar offers (where it opens), or null when none within a year and a half. */
  firstAllowedStart(): IsoDate | null;
  /** Bounds of the end calendar for a start, or null when the start has no possible end. */
  endBounds(from: IsoDate | null | undefined): DateBounds | null;
  /** True for every end when there is no start yet (the end picker is disabled then). */
  isEndDisabled(date: IsoDate, from: IsoDate | null | undefined): boolean;
  /** Whether [from, to) is a range these rules accept. */
  isRangeAllowed(from: IsoDate | null | undefined, to: IsoDate | null | undefined): boolean;
  /**
   * The end calendar in the days people see: the LAST day of the booking (to_date - 1). The end picker
   * shows and offers these, and hands `toDateAfter(lastDay)` to the API (docs/decisions/038-one-date-convention.md).
   */
  lastDayBounds(from: IsoDate | null | undefined): DateBounds | null;
  isLastDayDisabled(lastDay: IsoDate, from: IsoDate | null | undefined): boolean;
}

export function bookingPickerRules(input: PickerRuleInput = {}): BookingPickerRules {
  const unavailable = normaliseUnavailable(input.unavailableDates);
  const durationDays = parseBookingDuration(input.bookingDuration);
  const earliestStart = earliestStartDate(input.now ?? new Date());
  const startBounds: DateBounds = {
    min: earliestStart > PICKER_MIN_DATE ? earliestStart : PICKER_MIN_DATE,
    max: addDays(PICKER_MAX_DATE, -durationDays),
  };

  const isStartDisabled = (date: IsoDate): boolean => {
    if (!isIsoDate(date) || date < startBounds.min || date > startBounds.max) return true;
    // A start is only offered when a booking of the minimum length fits before the next unavailable date:
    // this is the "pushed past gaps" rule, and it also disables the unavailable dates themselves.
    return endDateBounds(date, unavailable, durationDays) === null;
  };

  const firstAllowedStart = (): IsoDate | null => {
    // The unavailable window covers the next 365 days; looking a little further always finds a start.
    for (let d = startBounds.min, i = 0; i < 550 && d <= startBounds.max; d = addDays(d, 1), i++) {
      if (!isStartDisabled(d)) return d;
    }
    return null;
  };

  const endBounds = (from: IsoDate | null | undefined): DateBounds | null =>
    from ? endDateBounds(from, unavailable, durationDays) : null;

  const isEndDisabled = (date: IsoDate, from: IsoDate | null | undefined): boolean => {
    const bounds = endBounds(from);
    return !bounds || !isIsoDate(date) || date < bounds.min || date > bounds.max;
  };

  const isRangeAllowed = (from: IsoDate | null | undefined, to: IsoDate | null | undefined): boolean =>
    Boolean(from && to && !isStartDisabled(from) && !isEndDisabled(to, from));

  const lastDayBounds = (from: IsoDate | null | undefined): DateBounds | null => {
    const bounds = endBounds(from);
    return bounds ? { min: lastDayOf(bounds.min), max: lastDayOf(bounds.max) } : null;
  };

  const isLastDayDisabled = (lastDay: IsoDate, from: IsoDate | null | undefined): boolean =>
    !isIsoDate(lastDay) || isEndDisabled(toDateAfter(lastDay), from);

  return {
    durationDays,
    earliestStart,
    startBounds,
    isStartDisabled,
    firstAllowedStart,
    endBounds,
    isEndDisabled,
    isRangeAllowed,
    lastDayBounds,
    isLastDayDisabled,
  };
}

/**
 * The rules for choosing one range for a whole campaign: the longest minimum booking of its sites. Sites'
 * own unavailable dates are not merged in (one booked day would block every start); the per-site
 * availability check reports those instead.
 */
export function campaignPickerRules(bookingDurations: readonly unknown[], now?: Date): BookingPickerRules {
  const longest = bookingDurations.reduce<number>((max, d) => Math.max(max, parseBookingDuration(d)), 1);
  return bookingPickerRules({ bookingDuration: bookingDurations.length ? longest : undefined, now });
}

/** What picking a new start does: it sets from_date and clears to_date (docs/product-spec.md section 4). */
export function withNewStart(from: IsoDate | null): { from_date: IsoDate | null; to_date: null } {
  return { from_date: from, to_date: null };
}

/**
 * The stored range [from, to) as people read it, first to LAST day: "12 Dec 2026 - 18 Dec 2026 (7 days)",
 * or "Dates Not Selected" unless both dates are set. It once printed the exclusive `to` as the last day,
 * so the cart promised a day the order never booked (docs/decisions/038-one-date-convention.md).
 */
export function describeRange(from: IsoDate | null | undefined, to: IsoDate | null | undefined): string {
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to) || to <= from) return DATES_NOT_SELECTED;
  return formatBookingPeriod(from, to);
}

/** "2026-12-05" as "5 Dec 2026", independent of the browser's locale and time zone (the India module's). */
export function formatIsoDate(date: IsoDate): string {
  return formatDay(date);
}
