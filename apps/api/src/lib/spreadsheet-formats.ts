/**
 * Number formats of the product's spreadsheets (DESIGN section 18: XLSX dates are date cells, money
 * cells use Indian digit grouping). A spreadsheet groups digits by the reader's regional settings, never
 * by the file, so the lakh and crore commas are written into the format: values of a crore and more get
 * `##,##,##,##0`, of a lakh and more `##,##,##0`, the rest the ordinary thousands group (below a lakh the
 * Indian and Western groupings agree). ₹6,75,000.00 reads the same in Excel, LibreOffice and the PDF.
 * Only two conditions fit in one format, so 100 crore and more reads 100,00,00,000 (still Indian).
 */
export const INDIAN_RUPEES_FORMAT =
  '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

/** Counts (impressions) grouped the same way, no decimals. */
export const INDIAN_COUNT_FORMAT = '[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;#,##0';

/** A calendar day as the product writes it: 2 Dec 2026. */
export const DAY_FORMAT = 'd mmm yyyy';

/**
 * A calendar day (YYYY-MM-DD, an IST day) as a date cell: midnight UTC of that day, which exceljs writes
 * as the whole serial day number (no time part, so no time zone can move it to another day).
 */
export function excelDay(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
