import { formatCount } from '../india/india-format.ts';
import type { Audience } from '../schemas/audience.schemas.ts';
import { AUDIENCE_SOURCE_LABELS, type AudienceSource } from './audience-sources.ts';

/**
 * How an audience figure reads (DESIGN section 20, decision 080): always with its source, never alone.
 * Pure, no Intl (decision 060), so the server's page and the browser's hydration draw the same words.
 */

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "2026-03" as "Mar 2026" (the short month words of india-format, "Sept" as Intl en-IN writes it). */
export function formatMonthShort(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTHS_SHORT[Number(number) - 1];
  return name ? `${name} ${year}` : month;
}

/** One decimal, rounded half up in integers (no float drift), without a trailing ".0". */
function oneDecimal(n: number, unit: number): string {
  const tenths = Math.floor((n * 10 + unit / 2) / unit);
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const LAKH = 100_000;
const CRORE = 10_000_000;

/**
 * A count in Indian number words: "45,000", "1.2 lakh", "3.4 crore" (one decimal, half up). A count that
 * rounds up to the next word takes it: 99,96,000 is "1 crore", not "100 lakh".
 */
export function formatIndianCount(n: number): string {
  const whole = Math.round(Math.abs(n));
  const sign = n < 0 ? '-' : '';
  if (whole < LAKH) return sign + formatCount(whole);
  if (whole < CRORE) {
    const lakh = oneDecimal(whole, LAKH);
    return sign + (lakh === '100' ? '1 crore' : `${lakh} lakh`);
  }
  const crore = oneDecimal(whole, CRORE);
  return `${sign}${Number(crore) >= 1000 ? formatCount(Number(crore)) : crore} crore`;
}

/** "owner-declared, Mar 2026 · verified": where a figure comes from, as it reads next to the figure. */
export function formatAudienceSource(a: Pick<Audience, 'source' | 'measured_on' | 'verified'>): string {
  const source = AUDIENCE_SOURCE_LABELS[a.source] ?? a.source;
  const when = a.measured_on ? `, ${formatMonthShort(a.measured_on)}` : '';
  return `${source}${when}${a.verified ? ' · verified' : ''}`;
}

/** "1.2 lakh/day · owner-declared, Mar 2026" (and "· verified" once an operator checked it). */
export function formatAudience(
  a: Pick<Audience, 'daily_impressions' | 'source' | 'measured_on' | 'verified'>,
): string {
  return `${formatIndianCount(a.daily_impressions)}/day · ${formatAudienceSource(a)}`;
}

/** "owner-declared and modelled", "survey, traffic count and modelled": a plan's sources in words. */
export function formatSourceList(sources: readonly AudienceSource[]): string {
  const words = sources.map((s) => AUDIENCE_SOURCE_LABELS[s] ?? s);
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Several sites' daily impressions added up, with where they come from: "3.4 lakh/day · modelled";
 * null when no site carries a figure (then nothing is shown, not "0").
 */
export function formatAudienceTotal(
  dailyImpressions: number,
  sources: readonly AudienceSource[],
): string | null {
  if (dailyImpressions <= 0 || sources.length === 0) return null;
  return `${formatIndianCount(dailyImpressions)}/day · ${formatSourceList(sources)}`;
}
