/**
 * The one India module for what people read: calendar days in IST, booking periods and rupees.
 *
 * Booking ranges are stored and sent half-open, `[from_date, to_date)` (to_date exclusive; see
 * docs/decisions/038-one-date-convention.md). People are always shown, and always pick, the first and the LAST day: the
 * last day is `to_date - 1`. Every screen, document, CSV and message formats through these helpers, so
 * the same order never reads "7 Dec - 6 Jan" in one place and "7 Dec - 5 Jan" in another.
 */
import { IST_OFFSET_MS } from '../constants.ts';
import { addDays, daysBetween, type IsoDate } from '../rules/dates.ts';

export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/**
 * Made on first use: each formatter costs ICU data to build, and a page that starts had paid for all of them
 * before drawing anything.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/**
 * An en-IN date formatter reading instants in UTC. IST moments are moved by the fixed offset first
 * (`istInstant`), so no formatter needs the time zone database.
 */
const utcFormat = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat('en-IN', { ...options, timeZone: 'UTC' }));

const DAY = utcFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const DAY_NO_YEAR = utcFormat({ day: 'numeric', month: 'short' });
const DATE_TIME_IST = utcFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const TIME_IST = utcFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const MONTH = utcFormat({ month: 'long', year: 'numeric' });

function utcDate(iso: IsoDate): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** The last day a person sees for an exclusive `to_date`. */
export function lastDayOf(toDateExclusive: IsoDate): IsoDate {
  return addDays(toDateExclusive, -1);
}

/** The exclusive `to_date` the API takes for a last day a person picked. */
export function toDateAfter(lastDay: IsoDate): IsoDate {
  return addDays(lastDay, 1);
}

/** "7 Dec 2026". */
export function formatDay(iso: IsoDate): string {
  return DAY().format(utcDate(iso));
}

/** "7 Dec" (for tight places where the year is shown nearby). */
export function formatDayShort(iso: IsoDate): string {
  return DAY_NO_YEAR().format(utcDate(iso));
}

/** "1 day" / "30 days". */
export function formatDayCount(days: number): string {
  return days === 1 ? '1 day' : `${formatCount(days)} days`;
}

/**
 * "7 Dec 2026 - 5 Jan 2027 (30 days)" for the stored range [2026-12-07, 2027-01-06).
 * `withDays: false` leaves out the day count.
 */
export function formatBookingPeriod(
  fromDate: IsoDate,
  toDateExclusive: IsoDate,
  options: { withDays?: boolean } = {},
): string {
  const last = lastDayOf(toDateExclusive);
  const days = daysBetween(fromDate, toDateExclusive);
  const range = fromDate === last ? formatDay(fromDate) : `${formatDay(fromDate)} - ${formatDay(last)}`;
  return options.withDays === false ? range : `${range} (${formatDayCount(days)})`;
}

/**
 * The instant moved by IST's offset, for the formatters above to read in UTC: the same words as formatting
 * in Asia/Kolkata, without loading the time zone database (150 ms of a slow phone's main thread).
 */
const istInstant = (value: Date | string) =>
  new Date((typeof value === 'string' ? Date.parse(value) : value.getTime()) + IST_OFFSET_MS);

/** A moment in IST: "26 Nov 2026, 3:05 pm". */
export function formatDateTimeIst(value: Date | string): string {
  return DATE_TIME_IST().format(istInstant(value));
}

/** The IST calendar day of a moment: "26 Nov 2026" (a refund's date, an application's date). */
export function formatDateIst(value: Date | string): string {
  return DAY().format(istInstant(value));
}

/** The IST clock time of a moment: "14:35" (a hold's end on the same day). */
export function formatTimeIst(value: Date | string): string {
  return TIME_IST().format(istInstant(value));
}

/** A month "2026-12" as "December 2026". */
export function formatMonth(month: string): string {
  return MONTH().format(new Date(`${month}-01T00:00:00Z`));
}

const RUPEES = lazily(
  () => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const RUPEES_WHOLE = lazily(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }));
const COUNT = lazily(() => new Intl.NumberFormat('en-IN'));

/** "1,23,456": a count or measure in Indian digit grouping, with one formatter for every call. */
export function formatCount(n: number): string {
  return COUNT().format(n);
}

/**
 * "₹1,148.50" always with two decimals (prices, documents, statements, consoles); "-₹50.00" below zero,
 * the sign before the rupee sign as Intl's currency style writes it. The one money format of the product.
 */
export function formatRupees(rupees: number): string {
  return rupees < 0 ? `-₹${RUPEES().format(-rupees)}` : `₹${RUPEES().format(rupees === 0 ? 0 : rupees)}`;
}

/** "₹1,148.50" from integer paise. */
export function formatPaise(paise: number | bigint): string {
  return formatRupees(Number(paise) / 100);
}

/** "₹87,320" where a whole amount reads better (prices on cards); keeps paise when there are any. */
export function formatRupeesShort(rupees: number): string {
  return Number.isInteger(rupees) ? `₹${RUPEES_WHOLE().format(rupees)}` : formatRupees(rupees);
}
