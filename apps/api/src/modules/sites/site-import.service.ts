import { createHash } from 'node:crypto';
import { SITE_IMPORT_MAX_ERRORS, type SiteImportError, type SiteImportReport } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, sqlState } from '../../lib/errors.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import { generateSiteCode } from './site-code.ts';
import { decodeCsv, failedRowsCsv, type ParsedRow, parseSiteCsv } from './site-import.csv.ts';
import { findTakenCodes, insertSites, type NewSiteRow } from './site-import.repository.ts';
import { categoryName, columnsOf } from './site-view.ts';
import { ensureCategory } from './sites.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
}

export interface ImportRequest {
  ownerId: number;
  userId: number;
  file: Buffer;
  dryRun: boolean;
  expectedValidRows?: number;
  idempotencyKey?: string;
}

interface Checked {
  report: SiteImportReport;
  valid: ParsedRow[];
  /** The file's text and every problem found (the report's list may be cut): for the failed rows' CSV. */
  text: string;
  problems: { errors: SiteImportError[]; invalidLines: Set<number> };
}

/** POST /api/partner/sites/import?format=failed_rows_csv: the rows a dry run refuses, as CSV to fix (issue 22). */
export async function failedRows(db: Db, file: Buffer): Promise<string> {
  const checked = await check(db, { ownerId: 0, userId: 0, file, dryRun: true });
  return failedRowsCsv(checked.text, checked.problems);
}

/**
 * POST /api/partner/sites/import (decision 023). A dry run answers the report and writes nothing. A confirm
 * checks the file again and writes every valid row in one transaction, or none: the invalid rows the owner
 * saw in the report are left out. With an Idempotency-Key a repeat answers the first confirm's report.
 */
export async function importSites(deps: Deps, request: ImportRequest): Promise<SiteImportReport> {
  if (request.dryRun) return (await check(deps.db, request)).report;
  const fingerprint = {
    file: createHash('sha256').update(request.file).digest('hex'),
    expected: request.expectedValidRows ?? null,
  };
  const call = idempotentCall(request.userId, 'site_import', request.idempotencyKey, fingerprint);
  return onceForKey(deps.db, call, async () => {
    const { report, valid } = await check(deps.db, request);
    if (request.expectedValidRows !== undefined && request.expectedValidRows !== report.valid_rows) {
      throw conflict(
        `The file now has ${report.valid_rows} valid rows, not the ${request.expectedValidRows} you checked (a site code may have been taken meanwhile). Nothing was written; check the file again.`,
      );
    }
    const now = deps.clock.now();
    try {
      return await inTransaction(deps.db, async (tx) => {
        await claimKey(tx, call, now);
        // As the form does: a category of the shared list is made on first use (sites.service createSite).
        const categoryIds = new Map<string, number>();
        for (const slug of new Set(valid.map((r) => r.fields.category))) {
          categoryIds.set(slug, await ensureCategory(tx, slug, categoryName(slug)));
        }
        const rows = valid.map((row) => toNewSite(row, request.ownerId, categoryIds, now));
        const created = await insertSites(tx, rows);
        const result = { ...report, dry_run: false, created };
        await recordResult(tx, call, result);
        return result;
      });
    } catch (err) {
      // A code taken between the check and the insert (another import, a site made in the console), or a
      // generated code meeting another (40 random bits: rare); the owner confirms again.
      if (sqlState(err) === '23505') {
        throw conflict(
          'A site code in the file was taken while importing. Nothing was written; check the file again.',
        );
      }
      throw err;
    }
  });
}

/**
 * The file against the schema (the category among the shared list, as in the form), then against the
 * database: site codes unique in the file and not used by any site.
 */
async function check(db: Db, request: ImportRequest): Promise<Checked> {
  const { text, hasInvalidUtf8 } = await decodeCsv(request.file);
  const parsed = parseSiteCsv(text, hasInvalidUtf8);
  const errors = [...parsed.errors];
  const invalid = new Set(parsed.invalidLines);
  const fail = (e: SiteImportError) => {
    errors.push(e);
    invalid.add(e.line);
  };

  const firstLineOf = new Map<string, number>();
  for (const row of parsed.rows) {
    const code = row.fields.site_code;
    if (!code) continue;
    const first = firstLineOf.get(code);
    if (first === undefined) firstLineOf.set(code, row.line);
    else {
      fail({
        line: row.line,
        field: 'site_code',
        message: `Site code is also on line ${first}`,
        site_code: code,
        site_name: row.fields.name,
      });
    }
  }
  const taken = await findTakenCodes(db, [...firstLineOf.keys()]);
  for (const row of parsed.rows) {
    const code = row.fields.site_code;
    if (code && taken.has(code) && firstLineOf.get(code) === row.line) {
      fail({
        line: row.line,
        field: 'site_code',
        message: 'Site code is already used by another site',
        site_code: code,
        site_name: row.fields.name,
      });
    }
  }

  const valid = parsed.rows.filter((r) => !invalid.has(r.line));
  errors.sort((a, b) => a.line - b.line);
  const report: SiteImportReport = {
    dry_run: request.dryRun,
    total_rows: parsed.totalRows,
    valid_rows: valid.length,
    invalid_rows: parsed.totalRows - valid.length,
    errors: errors.slice(0, SITE_IMPORT_MAX_ERRORS),
    errors_truncated: errors.length > SITE_IMPORT_MAX_ERRORS,
  };
  return { report, valid, text, problems: { errors, invalidLines: invalid } };
}

/** A checked row as a products row (the form's mapping): pending an operator's review, owned by the importer. */
function toNewSite(row: ParsedRow, ownerId: number, categoryIds: Map<string, number>, now: Date): NewSiteRow {
  const f = row.fields;
  return {
    ...(columnsOf(f, { widthFt: null, heightFt: null }) as Required<ReturnType<typeof columnsOf>>),
    productCode: f.site_code ?? generateSiteCode(ownerId),
    description: f.description ?? '',
    categoryId: categoryIds.get(f.category)!,
    mediaOwnerId: ownerId,
    status: 'pending',
    images: [],
    createdAt: now,
    updatedAt: now,
  };
}
