import {
  errorResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyHeadersSchema,
  siteImportQuerySchema,
  siteImportResponseSchema,
} from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { binarySchema, CSV, fileResponse } from '../../lib/file-response.ts';
import { requireMember } from '../../plugins/auth.ts';
import { siteFilesRoutes } from './site-files.routes.ts';
import { templateCsv } from './site-import.csv.ts';
import { failedRows, importSites } from './site-import.service.ts';

/** Bulk import of sites from CSV (docs/product-rules.md sections 8 and 13, decision 023). */
export async function siteImportRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const tags = ['partner'];
  // The export and the bulk photo match sit beside the import (issue 22).
  await siteFilesRoutes(app);

  app.get(
    '/partner/sites/import/template.csv',
    {
      // A pending owner may prepare the file while the application waits; importing needs approval.
      onRequest: requireMember(app, { statuses: ['pending', 'approved'], missing: 403 }),
      schema: {
        tags,
        summary: 'The CSV template: one column per site field and two example rows',
        security,
        response: {
          200: fileResponse(CSV, 'The template'),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sites-import-template.csv"')
        .header('cache-control', 'no-store')
        // Text, not JSON: a string the serializer leaves alone.
        .send(templateCsv() as never),
  );

  app.post(
    '/partner/sites/import',
    {
      onRequest: requireMember(app, { statuses: ['approved'], missing: 403 }),
      schema: {
        tags,
        summary: 'Import sites from a CSV file (multipart, field "file"); answers the report per row',
        description:
          'dry_run=true (the default) checks every row and writes nothing. dry_run=false checks again and ' +
          "writes every valid row, as pending sites of the caller's media owner, in one transaction; invalid " +
          'rows are left out. format=failed_rows_csv (a dry run) answers the invalid rows as CSV with an errors ' +
          'column, to fix and import again. expected_valid_rows makes the confirm refuse (409) when the count changed since ' +
          'the dry run. With an Idempotency-Key header a repeated confirm answers the first one. At most ' +
          '5,000 rows (422 beyond); a file that is not text is 415.',
        security,
        consumes: ['multipart/form-data'],
        querystring: siteImportQuerySchema,
        headers: idempotencyHeadersSchema,
        response: {
          200: {
            description: 'The per-row report; with format=failed_rows_csv the rows with errors as CSV',
            content: {
              'application/json': { schema: siteImportResponseSchema },
              [CSV]: { schema: binarySchema },
            },
          },
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request);
      if (request.query.format === 'failed_rows_csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="sites-import-failed-rows.csv"')
          .header('cache-control', 'no-store')
          .send((await failedRows(app.deps.database.db, file)) as never);
      }
      return {
        data: await importSites(
          { db: app.deps.database.db, clock: app.deps.clock },
          {
            ownerId: request.mediaOwner!.id,
            userId: request.user!.id,
            file,
            dryRun: request.query.dry_run === 'true',
            expectedValidRows: request.query.expected_valid_rows,
            idempotencyKey: request.headers[IDEMPOTENCY_HEADER],
          },
        ),
      };
    },
  );
}

/** The one file of the form, field "file"; the 10 MB limit of app.ts stops a bigger one while streaming (413). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the CSV file as multipart/form-data, field "file".',
    );
  }
  const part = await request.file();
  if (part?.fieldname !== 'file') {
    throw badRequest('Attach the CSV file in the form field "file".', { file: 'Choose a CSV file' });
  }
  return part.toBuffer();
}
