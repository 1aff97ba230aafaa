import { errorResponseSchema, statementQuerySchema, statementSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { CSV, fileResponse, PDF } from '../../lib/file-response.ts';
import { requireMember } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { statementCsv, statementPdf } from './statement-files.ts';
import { ownerStatement } from './statements.service.ts';

/** GET /api/partner/statements(.csv|.pdf)?month=YYYY-MM: the caller's own owner's month (decision 030). */
export async function statementsRoutes(app: AppInstance): Promise<void> {
  // A suspended owner still reads its statements (DESIGN 7).
  const onRequest = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403 });
  const security = [{ bearer: [] }];
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  const statementOf = (request: { mediaOwner?: { id: number }; query: { month: string } }) =>
    ownerStatement(app.deps, request.mediaOwner!.id, request.query.month);

  app.get(
    '/partner/statements',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: "The month's statement: value excluding GST, refunds, commission and the payout due",
        security,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...denied },
      },
    },
    async (request) => statementOf(request),
  );

  app.get(
    '/partner/statements.csv',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: "The month's statement as CSV",
        security,
        querystring: statementQuerySchema,
        response: { 200: fileResponse(CSV, 'The statement as CSV'), ...denied },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${request.query.month}.csv"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(await statementOf(request))),
  );

  app.get(
    '/partner/statements.pdf',
    {
      onRequest,
      preHandler: documentAllowance(app),
      schema: {
        tags: ['partner'],
        summary: "The month's statement as PDF",
        security,
        querystring: statementQuerySchema,
        response: { 200: fileResponse(PDF, 'The statement'), ...denied, 429: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${request.query.month}.pdf"`)
        .header('cache-control', 'no-store')
        .send(
          await statementPdf(await statementOf(request), {
            company: app.deps.config.company,
            ownerGstin: request.mediaOwner!.gstin,
          }),
        ),
  );
}
