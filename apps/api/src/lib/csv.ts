import { IST_OFFSET_MS } from '@ooh/shared';

/**
 * The product's CSV files (DESIGN section 18): UTF-8 with a byte-order mark, so Excel on Windows reads
 * ₹, Hindi and every Indian-script name as written instead of guessing a code page; CRLF line ends
 * (RFC 4180); moments in IST. The site import reads the mark back (csv-parse `bom: true`).
 */
export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null;

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a cell that a spreadsheet would run as a
 * formula (= + - @, tab, carriage return first) gets a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: CsvValue): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file from rows of already written cells: the byte-order mark, then CRLF-ended lines. */
export function csvFileOfLines(lines: readonly string[]): string {
  return `${UTF8_BOM}${lines.map((l) => `${l}\r\n`).join('')}`;
}

/** A whole file from rows of values, every cell through the formula guard. */
export function csvFile(rows: ReadonlyArray<readonly CsvValue[]>): string {
  return csvFileOfLines(rows.map((r) => r.map(csvCell).join(',')));
}

/**
 * A moment as a spreadsheet reads it, in IST: "2026-12-02 00:39:00" (the column's header says IST). Text
 * a spreadsheet turns into a date-time, and never a UTC time a reader takes for local.
 */
export function istTimestamp(value: Date | string | null): string | null {
  if (value === null) return null;
  const at = new Date((typeof value === 'string' ? Date.parse(value) : value.getTime()) + IST_OFFSET_MS);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}
