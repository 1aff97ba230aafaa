/**
 * The numbers of the owners' tax invoices and credit notes (DESIGN section 18, docs/decisions/078): one
 * series per owner and financial year, gapless, at most 16 characters of letters, digits, '/' and '-'
 * (CGST Rule 46(b); credit notes their own series, Rule 53(1A)(b)).
 *
 *   invoice      {P}/{yy-yy}/{NNNNNN}    e.g. 2S/26-27/000001    (P: the owner's id in base 36, <= 3 chars)
 *   credit note  {P}C/{yy-yy}/{NNNNN}    e.g. 2SC/26-27/00001
 *
 * The sequence is zero-padded to six digits or as many as the 16 characters leave, and the number is
 * refused (RangeError) when it would not fit: an owner past id 46,655 or a series past what its digits hold
 * needs a new prefix rule, never a silently longer number. "Gapless" is kept by the allocation (one counter
 * row per series, taken in the issuing transaction, invoices/invoice-series.ts); `seriesProblems` checks a
 * series as a finance team would.
 */
import { DOCUMENT_NUMBER_MAX_CHARS } from './tax-rates.ts';

export type OwnerDocumentKind = 'invoice' | 'credit_note';

const FY = /^(\d{4})-(\d{2})$/;
const MAX_PREFIX_CHARS = 3;

/** The owner's series prefix: its id in base 36, upper case, at most three characters. */
export function ownerSeriesPrefix(ownerId: number): string {
  if (!Number.isSafeInteger(ownerId) || ownerId <= 0)
    throw new RangeError('an owner id is a positive integer');
  const prefix = ownerId.toString(36).toUpperCase();
  if (prefix.length > MAX_PREFIX_CHARS)
    throw new RangeError(`owner ${ownerId} has no three-character series prefix`);
  return prefix;
}

/** The series of a kind of document of an owner: `2S` (invoices) or `2SC` (credit notes). */
export function ownerSeries(ownerId: number, kind: OwnerDocumentKind): string {
  const prefix = ownerSeriesPrefix(ownerId);
  return kind === 'invoice' ? prefix : `${prefix}C`;
}

/** "2026-27" as "26-27". */
function shortYear(fy: string): string {
  const m = FY.exec(fy);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) throw new RangeError(`not a financial year: ${fy}`);
  return `${m[1].slice(2)}-${m[2]}`;
}

/** A document number in `series` for the financial year `fy` ("2026-27") and its `sequence` (1, 2, ...). */
export function seriesDocumentNumber(series: string, fy: string, sequence: number): string {
  if (!/^[0-9A-Z]+$/.test(series)) throw new RangeError('a series is letters and digits');
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('a sequence starts at 1');
  const head = `${series}/${shortYear(fy)}/`;
  const room = DOCUMENT_NUMBER_MAX_CHARS - head.length;
  const digits = String(sequence);
  if (digits.length > room)
    throw new RangeError(`${head}${digits} is longer than ${DOCUMENT_NUMBER_MAX_CHARS} characters`);
  return head + digits.padStart(Math.min(6, room), '0');
}

/** An owner's invoice or credit note number. */
export function ownerDocumentNumber(
  ownerId: number,
  kind: OwnerDocumentKind,
  fy: string,
  sequence: number,
): string {
  return seriesDocumentNumber(ownerSeries(ownerId, kind), fy, sequence);
}

/** A number read back: its series, short year and sequence, or undefined when it is not one of ours. */
export function parseDocumentNumber(
  value: string,
): { series: string; year: string; sequence: number } | undefined {
  const m = /^([0-9A-Z]+)\/(\d{2}-\d{2})\/(\d+)$/.exec(value);
  if (!m || value.length > DOCUMENT_NUMBER_MAX_CHARS) return undefined;
  return { series: m[1], year: m[2], sequence: Number(m[3]) };
}

export interface SeriesProblems {
  /** Sequences missing between 1 and the highest issued. */
  gaps: number[];
  /** Numbers issued more than once. */
  duplicates: string[];
  /** Numbers that are not of this series and year, or longer than 16 characters. */
  foreign: string[];
}

/** What is wrong with the numbers issued in one series and year (none of the lists has anything: gapless). */
export function seriesProblems(series: string, fy: string, numbers: readonly string[]): SeriesProblems {
  const year = shortYear(fy);
  const seen = new Set<number>();
  const duplicates: string[] = [];
  const foreign: string[] = [];
  for (const n of numbers) {
    const parsed = parseDocumentNumber(n);
    if (!parsed || parsed.series !== series || parsed.year !== year) {
      foreign.push(n);
      continue;
    }
    if (seen.has(parsed.sequence)) duplicates.push(n);
    seen.add(parsed.sequence);
  }
  const highest = Math.max(0, ...seen);
  const gaps: number[] = [];
  for (let s = 1; s <= highest; s += 1) if (!seen.has(s)) gaps.push(s);
  return { gaps, duplicates, foreign };
}
