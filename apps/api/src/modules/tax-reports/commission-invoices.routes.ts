import {
  commissionInvoiceParamsSchema,
  commissionInvoicesQuerySchema,
  commissionInvoicesResponseSchema,
  errorResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { requireMember } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { ownerCommissionInvoices } from '../../workflows/commission-invoices.workflow.ts';
import { commissionInvoicePdf, ownCommissionInvoice } from '../invoices/commission-invoices.service.ts';

/**
 * GET /api/partner/commission-invoices(?month=) and /{id}.pdf: the marketplace's commission invoices to
 * the caller's own owner (DESIGN 22: its admin; a suspended owner still reads them, DESIGN 7). Never cached.
 */
export async function commissionInvoicesRoutes(app: AppInstance): Promise<void> {
  const onRequest = requireMember(app, {
    statuses: ['approved', 'suspended'],
    missing: 403,
    roles: ['admin'],
  });
  const security = [{ bearer: [] }];
  const tags = ['partner'];
  const allowance = documentAllowance(app);
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/partner/commission-invoices',
    {
      onRequest,
      schema: {
        tags,
        summary: "The marketplace's tax invoices to the owner for its commission (SAC 998362), by month",
        security,
        querystring: commissionInvoicesQuerySchema,
        response: { 200: commissionInvoicesResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        results: await ownerCommissionInvoices(app.deps, request.mediaOwner!.id, request.query.month),
      };
    },
  );

  app.get(
    '/partner/commission-invoices/:id.pdf',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A commission invoice as a signed PDF',
        security,
        params: commissionInvoiceParamsSchema,
        response: {
          200: fileResponse(PDF, 'The commission invoice'),
          ...denied,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await ownCommissionInvoice(app.deps.database.db, request.mediaOwner!.id, request.params.id);
      // Another owner's id costs nothing: the hourly allowance counts only documents that are drawn.
      await allowance(request, reply);
      const { pdf, fileName } = await commissionInvoicePdf(app.deps, row);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
