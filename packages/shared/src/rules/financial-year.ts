import { todayIst } from './dates.ts';

/** The Indian financial year (April to March, by the calendar in IST) holding `now`, as `2026-27`. */
export function financialYear(now: Date): string {
  const [y, m] = todayIst(now).split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A tax document's number: `INV/26-27/000001`. GST rule 46 caps invoice numbers at 16 characters, so the
 * year is written short (the DESIGN example `INV/2026-27/000001` has 18); six digits of sequence, more
 * only beyond 999,999 documents a year.
 */
export function documentNumber(series: string, fy: string, sequence: number): string {
  return `${series}/${fy.slice(2)}/${String(sequence).padStart(6, '0')}`;
}
