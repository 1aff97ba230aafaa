import {
  errorResponseSchema,
  tcsReportQuerySchema,
  tcsReportSchema,
  tdsReportQuerySchema,
  tdsReportSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { CSV, fileResponse } from '../../lib/file-response.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { tcsCsv, tdsCsv } from './tax-report-files.ts';
import { tcsReport, tdsReport } from './tax-reports.service.ts';

/** GET /api/ops/tax/tcs(.csv)?month= and /api/ops/tax/tds(.csv)?quarter= (operators; never cached). */
export async function taxReportsRoutes(app: AppInstance): Promise<void> {
  const onRequest = requireOperator(app);
  const security = [{ bearer: [] }];
  const tags = ['ops'];
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  app.get(
    '/ops/tax/tcs',
    {
      onRequest,
      schema: {
        tags,
        summary: "The month's TCS per owner (CGST Act s.52) in the shape of GSTR-8",
        security,
        querystring: tcsReportQuerySchema,
        response: { 200: tcsReportSchema, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tcsReport(app.deps, request.query.month);
    },
  );

  app.get(
    '/ops/tax/tcs.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: "The month's TCS per owner as CSV",
        security,
        querystring: tcsReportQuerySchema,
        response: { 200: fileResponse(CSV, 'TCS per owner as CSV'), ...denied },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tcs-${request.query.month}.csv"`)
        .header('cache-control', 'no-store')
        .send(tcsCsv(await tcsReport(app.deps, request.query.month))),
  );

  app.get(
    '/ops/tax/tds',
    {
      onRequest,
      schema: {
        tags,
        summary: "The quarter's TDS per owner (Income-tax Act s.194-O) for Form 26Q",
        security,
        querystring: tdsReportQuerySchema,
        response: { 200: tdsReportSchema, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tdsReport(app.deps, request.query.quarter);
    },
  );

  app.get(
    '/ops/tax/tds.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: "The quarter's TDS per owner as CSV",
        security,
        querystring: tdsReportQuerySchema,
        response: { 200: fileResponse(CSV, 'TDS per owner as CSV'), ...denied },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tds-${request.query.quarter}.csv"`)
        .header('cache-control', 'no-store')
        .send(tdsCsv(await tdsReport(app.deps, request.query.quarter))),
  );
}
