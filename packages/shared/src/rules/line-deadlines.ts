import { creativeDueDate } from './creative-fit.ts';
import { addDays, type IsoDate, todayIst } from './dates.ts';

/**
 * The deadlines of a paid line (docs/product-rules.md section 9), in India's calendar. A creative is due 3 days
 * before the start (the last day to upload); a proof within 48 hours after the start (00:00 IST of
 * from_date), i.e. by 00:00 IST two days later. Reminders go a little before and once overdue.
 */
export const PROOF_DUE_HOURS_AFTER_START = 48;
/** How early the "due soon" reminders go. */
export const CREATIVE_REMINDER_DAYS_BEFORE_DUE = 2;
export const PROOF_REMINDER_HOURS_BEFORE_START = 24;

/** The instant the line starts: 00:00 in India on from_date. */
export function lineStartsAt(fromDate: IsoDate): Date {
  return new Date(`${fromDate}T00:00:00+05:30`);
}

export function proofDueAt(fromDate: IsoDate): Date {
  return new Date(lineStartsAt(fromDate).getTime() + PROOF_DUE_HOURS_AFTER_START * 3_600_000);
}

export type DeadlinePhase = 'not_yet' | 'due_soon' | 'overdue' | 'past';

/** Where a line without its creative stands at `now` (past: the line's dates are over). */
export function creativePhase(fromDate: IsoDate, toDate: IsoDate, now: Date): DeadlinePhase {
  const today = todayIst(now);
  if (today > toDate) return 'past';
  const due = creativeDueDate(fromDate);
  if (today > due) return 'overdue';
  return today >= addDays(due, -CREATIVE_REMINDER_DAYS_BEFORE_DUE) ? 'due_soon' : 'not_yet';
}

/** Where a line without its proof stands at `now`. */
export function proofPhase(fromDate: IsoDate, toDate: IsoDate, now: Date): DeadlinePhase {
  if (todayIst(now) > toDate) return 'past';
  if (now.getTime() >= proofDueAt(fromDate).getTime()) return 'overdue';
  const remindFrom = lineStartsAt(fromDate).getTime() - PROOF_REMINDER_HOURS_BEFORE_START * 3_600_000;
  return now.getTime() >= remindFrom ? 'due_soon' : 'not_yet';
}
