import { availabilityRequestSchema, availabilityResponseSchema, errorResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app.ts';
import { checkAvailability } from './availability.service.ts';

export async function availabilityRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/booking/booking_availability_check_multiple',
    {
      schema: {
        tags: ['availability'],
        summary: 'Whether each site is free for [from_date, to_date)',
        description:
          'product_id is the numeric id. status is false when a booking or live hold overlaps the range, or ' +
          'the site does not exist. Back-to-back ranges do not overlap. One entry per item, sorted by product_id.',
        body: availabilityRequestSchema,
        response: { 200: availabilityResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await checkAvailability(app.deps.database.db, app.deps.clock, request.body),
    }),
  );
}
