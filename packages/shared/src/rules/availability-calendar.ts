import { addDays, daysBetween, type IsoDate } from './dates.ts';

/**
 * A site's availability calendar (DESIGN section 20, issue 48): every day from today (IST) for some months,
 * each day in one state. `held` is any hold that lapses (a checkout's 15 minutes, a buyer's option), so a
 * new kind of hold reads as held without a change here.
 */
export const DAY_STATES = ['free', 'held', 'booked', 'blocked'] as const;
export type DayState = (typeof DAY_STATES)[number];

export const CALENDAR_MONTHS_MAX = 12;

/** The same day `months` later, or the month's last day when it has no such day (31 Jan + 1: 28 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar's days [from, to): from today, `months` months on (the day it would repeat is excluded). */
export function calendarWindow(today: IsoDate, months: number): { from: IsoDate; to: IsoDate } {
  return { from: today, to: addMonths(today, months) };
}

/** A row that occupies days [from, to) (to exclusive, like every booking range). */
export interface OccupiedDays {
  from: IsoDate;
  to: IsoDate;
  state: Exclude<DayState, 'free'>;
}

/** When rows ever overlapped (the exclusion constraint forbids it), the firmer claim names the day. */
const RANK: Record<DayState, number> = { free: 0, held: 1, blocked: 2, booked: 3 };

/** Every day of [from, to) with its state; rows outside the window are clipped away. */
export function calendarDays(
  window: { from: IsoDate; to: IsoDate },
  rows: readonly OccupiedDays[],
): Array<{ date: IsoDate; state: DayState }> {
  const length = Math.max(0, daysBetween(window.from, window.to));
  const states = new Array<DayState>(length).fill('free');
  for (const row of rows) {
    const start = Math.max(0, daysBetween(window.from, row.from));
    const end = Math.min(length, daysBetween(window.from, row.to));
    for (let i = start; i < end; i++) if (RANK[row.state] > RANK[states[i]]) states[i] = row.state;
  }
  return states.map((state, i) => ({ date: addDays(window.from, i), state }));
}

/**
 * The first range of `minDays` free days starting on or after `earliest` ([from, to), to exclusive), or
 * null when the days given hold none. `days` is a calendar in date order, as calendarDays answers it.
 */
export function firstFreeRange(
  days: ReadonlyArray<{ date: IsoDate; state: DayState }>,
  minDays: number,
  earliest: IsoDate,
): { from: IsoDate; to: IsoDate } | null {
  const need = Math.max(1, minDays);
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    const day = days[i];
    run = day.state === 'free' && day.date >= earliest ? run + 1 : 0;
    if (run === need) {
      const from = days[i - need + 1].date;
      return { from, to: addDays(from, need) };
    }
  }
  return null;
}

/**
 * `free_from` of a product (DESIGN section 22): the first day on or after `earliest` that starts `minDays`
 * free days in a row ending by `windowEnd` (exclusive), given the sorted days the site cannot run on
 * (its `unavailable_dates`); null when there is none in the window.
 */
export function firstFreeStart(
  unavailable: readonly IsoDate[],
  minDays: number,
  earliest: IsoDate,
  windowEnd: IsoDate,
): IsoDate | null {
  const need = Math.max(1, minDays);
  let start = earliest;
  for (const day of unavailable) {
    if (day < start) continue;
    if (day >= addDays(start, need)) break;
    start = addDays(day, 1);
  }
  return addDays(start, need) <= windowEnd ? start : null;
}
