import { errorResponseSchema, type SiteExportQuery, siteExportQuerySchema } from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { CSV, fileResponse, XLSX } from '../../lib/file-response.ts';
import { requireMember } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { sitesCsv, sitesToExport, sitesXlsx } from './site-export.ts';

/**
 * The owner's sites as CSV or Excel (issue 22), in the import template's columns. Admins and managers, as
 * every bulk action; another owner's ids are simply not in the file. Registered from siteImportRoutes.
 */
export async function siteExportRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const tags = ['partner'];
  const onRequest = requireMember(app, { statuses: ['approved'], missing: 403 });
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  const description =
    "The caller's sites in the import template's columns, to edit and import again (codes already used are " +
    'refused by the import: clear site_code to add copies). ids (comma-separated, at most 500) exports those ' +
    'sites; without it every site matching status and search.';
  const rows = (request: FastifyRequest, query: SiteExportQuery) =>
    sitesToExport(app.deps.database.db, request.mediaOwner!.id, query);
  const stamp = () => app.deps.clock.now().toISOString().slice(0, 10);

  app.get(
    '/partner/sites/export.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Export sites as CSV',
        description,
        security,
        querystring: siteExportQuerySchema,
        response: { 200: fileResponse(CSV, 'The sites, one row each'), ...denied },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sites-${stamp()}.csv"`)
        .header('cache-control', 'no-store')
        .send(sitesCsv(await rows(request, request.query)) as never),
  );

  app.get(
    '/partner/sites/export.xlsx',
    {
      onRequest,
      // A workbook costs CPU: counted with the other generated documents.
      preHandler: documentAllowance(app),
      schema: {
        tags,
        summary: 'Export sites as an Excel workbook',
        description,
        security,
        querystring: siteExportQuerySchema,
        response: {
          200: fileResponse(XLSX, 'The sites, one row each'),
          ...denied,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="sites-${stamp()}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(await sitesXlsx(await rows(request, request.query), app.deps.clock.now())),
  );
}
