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
 * The words are written here, not asked of Intl: building the first en-IN formatter loads ICU's locale data,
 * 60-100 ms of a slow phone's main thread on every page that shows a price or a date (docs/decisions/060-
 * india-formats-without-intl.md), and a browser whose ICU differs from the server's (September is "Sept"
 * in one and "Sep" in another) would draw another text than the server rendered. The tests compare every
 * format with Node's Intl en-IN.
 */
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "7 Dec 2026" of an instant read in UTC (days are UTC midnights; IST moments are moved first). */
function dayWords(at: Date, withYear = true): string {
  const day = `${at.getUTCDate()} ${MONTHS_SHORT[at.getUTCMonth()]}`;
  return withYear ? `${day} ${at.getUTCFullYear()}` : day;
}

/** "15:05" of an instant read in UTC. */
function clock24(at: Date): string {
  return `${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}`;
}

/** "3:05 pm" of an instant read in UTC. */
function clock12(at: Date): string {
  const hours = at.getUTCHours();
  return `${hours % 12 === 0 ? 12 : hours % 12}:${twoDigits(at.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

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
  return dayWords(utcDate(iso));
}

/** "7 Dec" (for tight places where the year is shown nearby). */
export function formatDayShort(iso: IsoDate): string {
  return dayWords(utcDate(iso), false);
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
  const at = istInstant(value);
  return `${dayWords(at)}, ${clock12(at)}`;
}

/** A deadline days away, with its weekday, in IST: "Tue, 24 Nov 2026, 14:35 IST". */
export function formatDeadlineIst(value: Date | string): string {
  const at = istInstant(value);
  return `${WEEKDAYS_SHORT[at.getUTCDay()]}, ${dayWords(at)}, ${clock24(at)} IST`;
}

/** The IST calendar day of a moment: "26 Nov 2026" (a refund's date, an application's date). */
export function formatDateIst(value: Date | string): string {
  return dayWords(istInstant(value));
}

/** The IST clock time of a moment: "14:35" (a hold's end on the same day). */
export function formatTimeIst(value: Date | string): string {
  return clock24(istInstant(value));
}

/** A month "2026-12" as "December 2026". */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS_LONG[Number(number) - 1]} ${year}`;
}

/** "12345678" as "1,23,45,678": the last three digits, then pairs (lakhs, crores). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 === 1 ? [head[0]] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

/**
 * `n` (not negative) to `decimals` places as whole and fraction digits, rounded half up on its shortest
 * decimal form, as Intl does: 1.005 is "1.01" (toFixed reads the binary value, 1.00499…, and says "1.00").
 */
function roundDecimal(n: number, decimals: number): [string, string] {
  const text = String(n);
  if (text.includes('e')) {
    // Below 10^-6 (rounds to zero) or beyond 10^21 (no amount or count of the product comes near).
    const [whole = '0', fraction = ''] = n.toFixed(decimals).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= decimals) return [whole, fraction.padEnd(decimals, '0')];
  let digits = BigInt(whole + fraction.slice(0, decimals));
  if (fraction.charCodeAt(decimals) >= 53 /* '5' */) digits += 1n;
  const all = digits.toString().padStart(decimals + 1, '0');
  return [all.slice(0, all.length - decimals), all.slice(all.length - decimals)];
}

/**
 * A number with `decimals` places (`trim`: without trailing zeros), grouped the Indian way; the sign of a
 * negative number (and of -0, as Intl writes it) before the digits.
 */
function indianNumber(n: number, decimals: number, trim: boolean): string {
  if (!Number.isFinite(n)) return String(n);
  let [whole, fraction] = roundDecimal(Math.abs(n), decimals);
  if (trim) fraction = fraction.replace(/0+$/, '');
  const text = fraction ? `${groupIndian(whole)}.${fraction}` : groupIndian(whole);
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}

/** "1,23,456": a count or measure in Indian digit grouping (up to three decimals, as Intl's default). */
export function formatCount(n: number): string {
  return indianNumber(n, 3, true);
}

/**
 * "₹1,148.50" always with two decimals (prices, documents, statements, consoles); "-₹50.00" below zero,
 * the sign before the rupee sign as Intl's currency style writes it. The one money format of the product.
 */
export function formatRupees(rupees: number): string {
  return rupees < 0 ? `-₹${indianNumber(-rupees, 2, false)}` : `₹${indianNumber(Math.abs(rupees), 2, false)}`;
}

/** "₹1,148.50" from integer paise. */
export function formatPaise(paise: number | bigint): string {
  return formatRupees(Number(paise) / 100);
}

/** "₹87,320" where a whole amount reads better (prices on cards); keeps paise when there are any. */
export function formatRupeesShort(rupees: number): string {
  return Number.isInteger(rupees) ? `₹${indianNumber(rupees, 0, false)}` : formatRupees(rupees);
}
