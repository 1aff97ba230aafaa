import {
  bookedCampaignsResponseSchema,
  errorResponseSchema,
  idParamSchema,
  orderDetailSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { isOperator, requireAuth } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { orderDetail } from '../../workflows/order-detail.workflow.ts';
import { campaignReportPdf } from './campaign-report.service.ts';
import { bookedCampaigns } from './orders.service.ts';

export async function ordersRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/booked_campaigns/',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['orders'],
        summary: "The buyer's paid (and cash) orders as upcoming, ongoing and completed campaigns",
        security: [{ bearer: [] }],
        response: { 200: bookedCampaignsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => bookedCampaigns(app.deps, request.user!.id),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['orders'],
        summary:
          "One of the buyer's orders after payment: lines with status, timeline, creative and proofs; " +
          "totals with GST, the invoice and refunds. Another user's order is 404 (operators may read any).",
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: {
          200: orderDetailSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) =>
      orderDetail(app.deps, request.params.id, {
        userId: request.user!.id,
        operator: isOperator(app, request.user!),
      }),
  );

  app.get(
    '/orders/:id/report.pdf',
    {
      onRequest: requireAuth(app),
      preHandler: documentAllowance(app),
      schema: {
        tags: ['orders'],
        summary:
          'The post-campaign report PDF (decision 091): each completed line with its proofs and their checks, ' +
          'days live, impressions delivered and CPM achieved, refunds; lines still running listed. 409 before a ' +
          "line has completed. The buyer's own order, or any for operators; anyone else 404.",
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: {
          200: fileResponse(PDF, 'The campaign report'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { pdf, fileName } = await campaignReportPdf(app.deps, request.params.id, {
        userId: user.id,
        operator: isOperator(app, user),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
