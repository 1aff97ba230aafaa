import {
  bookedCampaignsResponseSchema,
  errorResponseSchema,
  idParamSchema,
  orderDetailSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { isOperator, requireAuth } from '../../plugins/auth.ts';
import { orderDetail } from '../../workflows/order-detail.workflow.ts';
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
}
