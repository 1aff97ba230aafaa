import {
  errorResponseSchema,
  type SiteExportQuery,
  siteExportQuerySchema,
  sitePhotoMatchBodySchema,
  sitePhotoMatchResponseSchema,
  todayIst,
} from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { CSV, fileResponse, XLSX } from '../../lib/file-response.ts';
import { requireMember } from '../../plugins/auth.ts';
import { sitesCsv, sitesToExport, sitesXlsx } from './site-export.ts';
import { matchPhotoNames } from './site-photo-match.ts';

/**
 * Bulk work with files (issue 22), admins and managers as every bulk action; registered from
 * siteImportRoutes. The owner's sites as CSV or Excel in the import template's columns (another owner's ids
 * are simply not in the file), and many photos' file names matched to site codes before they are uploaded
 * one by one through POST /api/partner/sites/{id}/photos (which checks each file's content).
 */
export async function siteFilesRoutes(app: AppInstance): Promise<void> {
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
  // The IST day, as the bookings export names its file (an export at 00:39 IST on 2 Dec is of 2 Dec).
  const stamp = () => todayIst(app.deps.clock.now());

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
      schema: {
        tags,
        summary: 'Export sites as an Excel workbook',
        description,
        security,
        querystring: siteExportQuerySchema,
        response: {
          200: fileResponse(XLSX, 'The sites, one row each'),
          ...denied,
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

  app.post(
    '/partner/sites/photo-match',
    {
      onRequest,
      schema: {
        tags,
        summary: "Match photos' file names to own site codes (MUM-0042.jpg, MUM-0042-2.jpg)",
        description:
          'Each name with the site whose code it starts with (without case; an exact code first, else the code ' +
          'before a trailing -N), or nulls. Nothing is stored: the photos are then sent one by one to ' +
          'POST /api/partner/sites/{id}/photos.',
        security,
        body: sitePhotoMatchBodySchema,
        response: { 200: sitePhotoMatchResponseSchema, ...denied },
      },
    },
    async (request) => ({
      data: await matchPhotoNames(app.deps.database.db, request.mediaOwner!.id, request.body.file_names),
    }),
  );
}
