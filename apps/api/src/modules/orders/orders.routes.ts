import { bookedCampaignsResponseSchema, errorResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app.ts';
import { requireAuth } from '../../plugins/auth.ts';
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
}
