import { SITE_IMPORT_COLUMNS, type SiteExportQuery, type SiteImportColumn } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { csvCell, csvFileOfLines } from '../../lib/csv.ts';
import { countSites, listSites, type SiteRow } from './sites.repository.ts';

/** Every site an owner may have is exported in one file (the import takes 5,000 rows a file). */
const EXPORT_MAX_ROWS = 20_000;

type Cell = string | number | null;

/** A site in the import template's columns: the same names, so the file can be edited and imported again. */
function exportRow(row: SiteRow): Record<SiteImportColumn, Cell> {
  return {
    site_code: row.productCode,
    name: row.name,
    description: row.description || null,
    category: row.categorySlug,
    // Two decimals: money is always shown so (issue 22), and the import reads "1148.50".
    price: (row.pricePaise / 100).toFixed(2),
    weekly_price: row.weeklyPricePaise == null ? null : (row.weeklyPricePaise / 100).toFixed(2),
    four_weekly_price: row.fourWeeklyPricePaise == null ? null : (row.fourWeeklyPricePaise / 100).toFixed(2),
    booking_duration: row.minDays,
    address: row.address,
    city: row.city,
    district: row.district,
    state: row.state,
    pin_code: row.pinCode,
    latitude: row.latitude,
    longitude: row.longitude,
    width_ft: row.widthFt,
    height_ft: row.heightFt,
    lighting: row.lighting,
    image_format: row.imageFormat || null,
    impression: row.impression ?? null,
    audience_source: row.impression === null ? null : row.audienceSource,
    audience_measured_on: row.audienceMeasuredOn,
    audience_method: row.audienceMethod || null,
  };
}

/** The owner's sites to export: the selection when `ids` is given, else the grid's filter, in id order. */
export async function sitesToExport(
  db: Db,
  ownerId: number,
  q: SiteExportQuery,
): Promise<Array<Record<SiteImportColumn, Cell>>> {
  const filter = { ownerId, status: q.status, search: q.search || undefined, ids: q.ids };
  const count = Math.min(await countSites(db, filter), EXPORT_MAX_ROWS);
  const rows = count ? await listSites(db, filter, count, 0) : [];
  return rows.map(exportRow);
}

/**
 * CSV with the template's header (UTF-8 with a byte-order mark, lib/csv.ts). Every cell through the formula guard (a leading = + - @
 * gets an apostrophe, OWASP CSV injection); the import drops that apostrophe again.
 */
export function sitesCsv(rows: Array<Record<SiteImportColumn, Cell>>): string {
  const lines = [SITE_IMPORT_COLUMNS.map((c) => csvCell(c))];
  for (const row of rows) lines.push(SITE_IMPORT_COLUMNS.map((c) => csvCell(row[c])));
  return csvFileOfLines(lines.map((l) => l.join(',')));
}

/**
 * The same as a spreadsheet (exceljs, as the media plans). Text cells stay text: exceljs writes them as
 * strings, never formulas, so a name starting with "=" is shown, not run.
 */
export async function sitesXlsx(rows: Array<Record<SiteImportColumn, Cell>>, now: Date): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OOH marketplace';
  workbook.created = now;
  const sheet = workbook.addWorksheet('Sites', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SITE_IMPORT_COLUMNS.map((c) => ({
    header: c,
    key: c,
    width: c === 'name' || c === 'address' || c === 'description' ? 40 : 14,
  }));
  for (const row of rows) {
    sheet.addRow({
      ...row,
      // Numbers as numbers, so the owner can sort and compute; the PIN code and code stay text.
      price: Number(row.price),
      description: row.description ?? undefined,
    });
  }
  sheet.getColumn('price').numFmt = '0.00';
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SITE_IMPORT_COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
