import {
  formatCount,
  LIGHTING_VALUES,
  rateCardProblems,
  SITE_CATEGORIES,
  SITE_IMPORT_COLUMNS,
  SITE_IMPORT_MAX_ROWS,
  SITE_IMPORT_REQUIRED_COLUMNS,
  type SiteFields,
  type SiteImportColumn,
  type SiteImportError,
  siteFieldsSchema,
  textCharacterProblem,
} from '@ooh/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { csvFileOfLines } from '../../lib/csv.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * The CSV half of the bulk import (decision 023): bytes to text, text to rows, each row through the same
 * siteFieldsSchema as the console's form. Pure apart from the sniffing: the database checks (codes taken,
 * categories present) are the service's.
 */

export interface ParsedRow {
  /** The row's number as a spreadsheet shows it: the header is line 1. */
  line: number;
  fields: SiteFields;
}

export interface ParsedFile {
  /** Non-blank data rows. */
  totalRows: number;
  /** Rows that passed the schema (the service may still refuse some). */
  rows: ParsedRow[];
  /** Header problems (line 1) and per-row schema problems. */
  errors: SiteImportError[];
  /** Lines with at least one error, the header's excepted. */
  invalidLines: Set<number>;
}

const unprocessable = (message: string) => new HttpError(422, 'unprocessable_file', message);
const notText = (message: string) => new HttpError(415, 'unsupported_media_type', message);

/** The first bytes decide whether this is text at all: a renamed picture or workbook is refused whole. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The file as text. A format file-type knows (a PNG, a PDF, an .xlsx saved as .csv) is 415; so is a sample
 * that is mostly bytes no text has. Stray bytes that are not UTF-8 (a file saved as "CSV" in a legacy code
 * page) decode to U+FFFD and become row errors in the cells that hold them (`hasInvalidUtf8`).
 */
export async function decodeCsv(file: Buffer): Promise<{ text: string; hasInvalidUtf8: boolean }> {
  if (file.length === 0) throw unprocessable('The file is empty. Download the template and fill it in.');
  const known = await fileTypeFromBuffer(file.subarray(0, 4100));
  if (known) {
    const what = /spreadsheet|excel|zip/.test(known.mime) ? 'an Excel workbook' : `a ${known.ext} file`;
    throw notText(`This is ${what}, not a CSV file. In your spreadsheet, use Save as, then "CSV UTF-8".`);
  }
  const sample = new TextDecoder('utf-8').decode(file.subarray(0, SAMPLE_BYTES));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: counting bytes no text file has
  const odd = sample.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0;
  // A cut at the sample's end may split one character; a few stray NULs stay row errors.
  if (odd > 16 && odd > sample.length * 0.05) {
    throw notText('This file is not text. Upload the sites as a CSV file (UTF-8).');
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(file), hasInvalidUtf8: false };
  } catch {
    return { text: new TextDecoder('utf-8').decode(file), hasInvalidUtf8: true };
  }
}

/** Excel saves "CSV" with semicolons where the decimal mark is a comma: take what the header uses. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** "Site Code", "SITE_CODE" and " site-code " all name site_code. */
const columnKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const categoryByName = new Map<string, string>(
  SITE_CATEGORIES.flatMap((c) => [
    [c.slug, c.slug],
    [c.name.toLowerCase(), c.slug],
  ]),
);
const lightingByName = new Map<string, string>(LIGHTING_VALUES.map((v) => [v.toLowerCase(), v]));

/** A form offers a list; a cell needs the list spelled out. */
const CHOICES: Record<string, string> = {
  category: `Category must be one of ${SITE_CATEGORIES.map((c) => c.slug).join(', ')}`,
  lighting: `Lighting must be one of ${LIGHTING_VALUES.join(', ')}`,
};

/** Spreadsheet spellings of the two lists: "Lamp Post" or "LAMP-POST" is lamp-post, "front lit" Front Lit. */
function normalise(column: SiteImportColumn, value: string): string {
  const key = value.trim().toLowerCase();
  if (column === 'category') return categoryByName.get(key) ?? value;
  if (column === 'lighting') return lightingByName.get(key.replace(/-/g, ' ')) ?? value;
  // The export's formula guard (an apostrophe before = + - @) is dropped: an exported file imports as it was.
  if (/^'[=+\-@]/.test(value)) return value.slice(1);
  return value;
}

/** Text to rows checked against the schema. More than SITE_IMPORT_MAX_ROWS data rows is 422. */
export function parseSiteCsv(text: string, hasInvalidUtf8: boolean): ParsedFile {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // Blank lines count as rows (as a spreadsheet numbers them); past this, the file is too long anyway.
      to: SITE_IMPORT_MAX_ROWS + 1001,
    });
  } catch (err) {
    if (err instanceof CsvError) {
      throw unprocessable(`The file is not valid CSV near line ${err.lines ?? '?'}: ${err.message}`);
    }
    throw err;
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => h.trim() === '')) {
    throw unprocessable('The file has no header row. Download the template and fill it in.');
  }
  const dataRows = data.filter((r) => !isBlank(r)).length;
  if (dataRows > SITE_IMPORT_MAX_ROWS || records.length >= SITE_IMPORT_MAX_ROWS + 1001) {
    throw unprocessable(
      `The file has more than ${formatCount(SITE_IMPORT_MAX_ROWS)} rows. Split it into files of at most ${formatCount(SITE_IMPORT_MAX_ROWS)} sites.`,
    );
  }

  const errors: SiteImportError[] = [];
  const known = new Set<string>(SITE_IMPORT_COLUMNS);
  const indexOf = new Map<SiteImportColumn, number>();
  header.forEach((raw, i) => {
    const key = columnKey(raw);
    const name = raw.trim().slice(0, 60) || `column ${i + 1}`;
    if (!known.has(key)) {
      if (key !== '') errors.push({ line: 1, field: name, message: 'Unknown column; it is ignored' });
    } else if (indexOf.has(key as SiteImportColumn)) {
      errors.push({ line: 1, field: key, message: 'This column appears twice; the first one is used' });
    } else indexOf.set(key as SiteImportColumn, i);
  });
  const missing = SITE_IMPORT_REQUIRED_COLUMNS.filter((c) => !indexOf.has(c));
  for (const column of missing) {
    errors.push({ line: 1, field: column, message: 'Required column is missing; no row can be imported' });
  }

  const rows: ParsedRow[] = [];
  const invalidLines = new Set<number>();
  /** The row's code and name as typed: the report names the row by them, not by its line alone. */
  const cellOf = (record: string[], column: SiteImportColumn) => {
    const index = indexOf.get(column);
    const cell = index === undefined ? '' : (record[index] ?? '').trim();
    return cell === '' || cell.includes('\ufffd') || textCharacterProblem(cell) ? null : cell.slice(0, 200);
  };
  data.forEach((record, i) => {
    const line = i + 2;
    if (isBlank(record)) return;
    const input: Record<string, string> = {};
    const named = { site_code: cellOf(record, 'site_code'), site_name: cellOf(record, 'name') };
    const rowErrors: SiteImportError[] = [];
    for (const [column, index] of indexOf) {
      const cell = record[index] ?? '';
      // Empty cells are absent: an optional column may be left blank.
      if (cell.trim() === '') continue;
      if (hasInvalidUtf8 && cell.includes('\ufffd')) {
        rowErrors.push({
          line,
          field: column,
          message: 'Contains bytes that are not UTF-8 text; save the file as "CSV UTF-8"',
          ...named,
        });
      } else input[column] = normalise(column, cell);
    }
    const result = siteFieldsSchema.safeParse(input);
    if (!result.success) {
      const seen = new Set(rowErrors.map((e) => e.field));
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        // A missing column is reported once on line 1, not again on every row.
        if (seen.has(field) || missing.includes(field as SiteImportColumn)) continue;
        seen.add(field);
        rowErrors.push({ line, field, message: CHOICES[field] ?? issue.message, ...named });
      }
    }
    if (result.success) {
      // The form's rule too (decision 081): a per-day rate above the daily price is a week typed as a day.
      const paise = (rupees: number | null | undefined) => (rupees == null ? null : Math.round(rupees * 100));
      const rates = rateCardProblems({
        dailyPaise: Math.round(result.data.price * 100),
        weeklyPaise: paise(result.data.weekly_price),
        fourWeeklyPaise: paise(result.data.four_weekly_price),
      });
      for (const [field, message] of Object.entries(rates))
        rowErrors.push({ line, field, message, ...named });
    }
    if (rowErrors.length || !result.success || missing.length) {
      invalidLines.add(line);
      errors.push(...rowErrors);
    } else rows.push({ line, fields: result.data });
  });
  return { totalRows: dataRows, rows, errors, invalidLines };
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/**
 * The file's invalid rows as CSV (issue 22): its header, then each failed row as it was sent, with an
 * `errors` column saying what to fix. The owner fixes them and imports this file again (the errors column
 * is ignored then).
 */
export function failedRowsCsv(
  text: string,
  parsed: { errors: SiteImportError[]; invalidLines: Set<number> },
): string {
  const records: string[][] = parse(text, {
    bom: true,
    delimiter: delimiterOf(text),
    relax_column_count: true,
    skip_empty_lines: false,
  });
  const [header, ...data] = records;
  const width = header.length;
  const messages = new Map<number, string[]>();
  for (const e of parsed.errors) {
    if (e.line > 1) messages.set(e.line, [...(messages.get(e.line) ?? []), `${e.field}: ${e.message}`]);
  }
  const lines = [[...header, 'errors']];
  data.forEach((record, i) => {
    const line = i + 2;
    if (!parsed.invalidLines.has(line)) return;
    const cells = Array.from({ length: width }, (_, c) => record[c] ?? '');
    lines.push([...cells, (messages.get(line) ?? []).join('; ')]);
  });
  return csvFileOfLines(lines.map((l) => l.map(csvCell).join(',')));
}

/** The template: the header row and two example rows (one with a site code, one without). */
export function templateCsv(): string {
  const examples: Array<Partial<Record<SiteImportColumn, string>>> = [
    {
      site_code: 'HYD-LP-0042',
      name: 'Lamp post on Road No. 36, Jubilee Hills',
      description: 'Facing traffic towards the metro station',
      category: 'lamp-post',
      price: '1200',
      booking_duration: '7',
      address: 'Road No. 36, Jubilee Hills',
      city: 'Hyderabad',
      district: 'Hyderabad',
      state: 'Telangana',
      pin_code: '500033',
      latitude: '17.4316',
      longitude: '78.4071',
      width_ft: '3',
      height_ft: '5',
      lighting: 'Back Lit',
      image_format: 'Flex print',
      impression: '45000',
      audience_source: 'traffic_count',
      audience_measured_on: '2026-03',
      audience_method: 'Manual count of vehicles and pedestrians, 7 am to 10 pm on two weekdays',
    },
    {
      name: 'Hoarding at Andheri flyover',
      category: 'hoarding',
      price: '15000.50',
      booking_duration: '30',
      address: 'Western Express Highway, Andheri East',
      city: 'Mumbai',
      district: 'Mumbai Suburban',
      state: 'Maharashtra',
      pin_code: '400069',
      latitude: '19.1136',
      longitude: '72.8697',
      width_ft: '40',
      height_ft: '20',
      lighting: 'Front Lit',
    },
  ];
  const line = (cells: string[]) => cells.map(csvCell).join(',');
  return csvFileOfLines([
    line(SITE_IMPORT_COLUMNS),
    ...examples.map((e) => line(SITE_IMPORT_COLUMNS.map((c) => e[c] ?? ''))),
  ]);
}

/** The user's own cells given back as they were (no formula guard: the import reads them again). */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
