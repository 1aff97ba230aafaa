import { randomBytes } from 'node:crypto';
import { SITE_IMPORT_COLUMNS } from '@ooh/shared';

/** A valid CSV row by column; tests and the benchmark change the cells they need. */
export function importRow(n: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    site_code: `IMP-${String(n).padStart(5, '0')}`,
    name: `Lamp post ${n}, MG Road`,
    description: 'Facing the metro exit',
    category: 'lamp-post',
    price: '1,250.50',
    booking_duration: '7',
    address: `${n} MG Road`,
    city: 'Pune',
    district: 'Pune',
    state: 'Maharashtra',
    pin_code: '411001',
    latitude: '18.52',
    longitude: '73.85',
    width_ft: '3',
    height_ft: '5',
    lighting: 'Back Lit',
    image_format: 'Flex',
    impression: '25000',
    ...overrides,
  };
}

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** Rows as CSV text with the given header (every column by default), CRLF as spreadsheets write it. */
export function toCsv(rows: Array<Record<string, string>>, columns: readonly string[] = SITE_IMPORT_COLUMNS) {
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  content: string | Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const boundary = `----ooh${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'sites.csv'}"\r\nContent-Type: ${options.contentType ?? 'text/csv'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
