import { z } from 'zod';
import { siteFieldsSchema } from './site.schemas.ts';

/**
 * Bulk import of sites from a CSV file (docs/product-rules.md section 8): the owner uploads, reads a report per row,
 * then confirms; the confirm writes every valid row in one transaction (docs/decisions/023-bulk-import.md).
 */

/** Data rows a file may hold (the header and blank lines not counted). */
export const SITE_IMPORT_MAX_ROWS = 5000;
/** The upload limit of every multipart call (apps/api/src/app.ts). */
export const SITE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Entries of the report's error list at most; the counts stay exact beyond it. */
export const SITE_IMPORT_MAX_ERRORS = 20_000;

/** The CSV columns: one per site field, named as the API names them, in the template's order. */
export const SITE_IMPORT_COLUMNS = Object.keys(siteFieldsSchema.shape) as Array<
  keyof typeof siteFieldsSchema.shape
>;
export type SiteImportColumn = (typeof SITE_IMPORT_COLUMNS)[number];
/** Columns a file must have; the others (site_code, description, image_format, impression) may be left out. */
export const SITE_IMPORT_REQUIRED_COLUMNS = SITE_IMPORT_COLUMNS.filter(
  (c) => !siteFieldsSchema.shape[c].safeParse(undefined).success,
);

/** POST /api/partner/sites/import?dry_run=true|false: true (the default) only reports. */
export const siteImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'dry_run is true or false' }).default('true'),
  /**
   * The valid_rows the owner saw in the dry run. When given and the confirm finds another number (a site
   * code taken meanwhile), nothing is written and the new report answers 409.
   */
  expected_valid_rows: z.coerce.number().int().min(0).max(SITE_IMPORT_MAX_ROWS).optional(),
  /**
   * failed_rows_csv (with a dry run): the file's invalid rows as CSV, with an `errors` column, to fix and
   * import again (issue 22).
   */
  format: z.enum(['json', 'failed_rows_csv'], { error: 'format is json or failed_rows_csv' }).default('json'),
});
export type SiteImportQuery = z.infer<typeof siteImportQuerySchema>;

/** One problem: `line` as a spreadsheet numbers rows (the header is line 1), `field` a column name. */
export const siteImportErrorSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
  /** The row's site code and name as typed (cut to 200 characters), so the owner finds it; null when blank. */
  site_code: z.string().nullable().optional(),
  site_name: z.string().nullable().optional(),
});
export type SiteImportError = z.infer<typeof siteImportErrorSchema>;

export const siteImportReportSchema = z.object({
  dry_run: z.boolean(),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** Line 1 entries are about the header (unknown or missing columns); the others about one row each. */
  errors: z.array(siteImportErrorSchema),
  /** More errors were found than the list holds (SITE_IMPORT_MAX_ERRORS). */
  errors_truncated: z.boolean(),
  /** Sites written by a confirm (dry_run=false); absent on a dry run. */
  created: z.number().int().optional(),
});
export type SiteImportReport = z.infer<typeof siteImportReportSchema>;
export const siteImportResponseSchema = z.object({ data: siteImportReportSchema });
export type SiteImportResponseBody = z.infer<typeof siteImportResponseSchema>;
