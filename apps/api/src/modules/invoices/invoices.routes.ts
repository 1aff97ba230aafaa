import {
  ADVERTISING_SAC,
  companySchema,
  errorResponseSchema,
  GST_RATE_PERCENT,
  gstSettingsResponseSchema,
  idParamSchema,
  markPaidRequestSchema,
  markPaidResponseSchema,
  proformaRequestSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { isOperator, optionalAuth, requireAuth, requireOperator } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { orderInvoicePdf } from '../../workflows/invoice-pdf.workflow.ts';
import { markCashOrderPaid } from '../../workflows/pay.workflow.ts';
import { proformaQuote } from '../../workflows/proforma.workflow.ts';

/** Tax documents (docs/product-rules.md section 10): the invoice of a paid order, a cart's proforma, cash payments. */
export async function invoicesRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];

  app.get(
    '/orders/:id/invoice.pdf',
    {
      onRequest: requireAuth(app),
      preHandler: documentAllowance(app),
      schema: {
        tags: ['orders'],
        summary: 'The tax invoice PDF of a paid order (its buyer, or an operator; anyone else 404)',
        security,
        params: idParamSchema,
        response: {
          200: fileResponse(PDF, 'The tax invoice'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { pdf, fileName } = await orderInvoicePdf(
        app.deps,
        { userId: user.id, operator: isOperator(app, user) },
        request.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // The seller, one set of settings for the website, documents and messages (decision 039): public,
  // as it is printed on every invoice anyway.
  app.get(
    '/company',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The marketplace's name, address, GSTIN, state, contact and the payee's bank details (anyone)",
        response: { 200: companySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.deps.config.company;
    },
  );

  app.get(
    '/quotes/gst-settings',
    {
      schema: {
        tags: ['orders'],
        summary: "The marketplace's GST state and rate: how carts show CGST + SGST or IGST (anyone)",
        response: { 200: gstSettingsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        company_state: app.deps.config.company.state,
        rate_percent: GST_RATE_PERCENT,
        sac: ADVERTISING_SAC,
      };
    },
  );

  app.post(
    '/quotes/proforma.pdf',
    {
      // Anyone may ask: at most DOCUMENTS_PER_HOUR per address (or user), 50 lines, cached by content.
      preHandler: [optionalAuth(app), documentAllowance(app)],
      schema: {
        tags: ['orders'],
        summary:
          "A cart's proforma invoice / quotation PDF at current prices, with GST (anyone; a signed-in buyer is billed by their profile)",
        body: proformaRequestSchema,
        response: {
          200: fileResponse(PDF, 'The quotation'),
          400: errorResponseSchema,
          // Signing in is optional, but a token that is sent must be valid.
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const pdf = await proformaQuote(app.deps, request.body, request.user?.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="quotation.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/ops/orders/:id/mark-paid',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary:
          'Record a cash or bank-transfer payment of a cash order: confirms it and issues the invoice (audited)',
        security,
        params: idParamSchema,
        body: markPaidRequestSchema,
        response: {
          200: markPaidResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) =>
      markCashOrderPaid(app.deps, request.log, request.user!.id, request.params.id, request.body),
  );
}
