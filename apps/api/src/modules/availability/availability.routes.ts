import { availabilityRequestSchema, availabilityResponseSchema, errorResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { plainJsonSerializer } from '../../lib/plain-json-response.ts';
import { checkAvailability } from './availability.service.ts';
import { AvailabilityAnswers } from './availability-answers.ts';

export async function availabilityRoutes(app: AppInstance): Promise<void> {
  const answers = new AvailabilityAnswers(app);
  app.post(
    '/booking/booking_availability_check_multiple',
    {
      // Built field by field and written by JSON.stringify (lib/plain-json-response.ts, decision 064).
      serializerCompiler: plainJsonSerializer,
      // A body answered before is answered again before validation (AvailabilityAnswers.early).
      preValidation: (request, reply, done) => {
        const body = answers.early(request);
        if (body === undefined) {
          done();
          return;
        }
        reply
          .header('x-cache', 'hit')
          .type('application/json; charset=utf-8')
          .send(body as never);
      },
      schema: {
        tags: ['availability'],
        summary: 'Whether each site is free for [from_date, to_date)',
        description:
          'product_id is the numeric id. status is false when a booking or live hold overlaps the range, or ' +
          'the site does not exist. Back-to-back ranges do not overlap. One entry per item, sorted by product_id. ' +
          "Answers are kept like the catalogue's (a booking, hold or block anywhere drops them; at most " +
          'CATALOGUE_CACHE_TTL_MS old, so an expiring hold shows within it).',
        body: availabilityRequestSchema,
        response: { 200: availabilityResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const compute = async () =>
        reply.serialize({
          data: await checkAvailability(app.deps.database.db, app.deps.clock, request.body),
        }) as string;
      const { body, cache } = await answers.answer(request, compute);
      // Already JSON text: Fastify sends a string with a JSON content type as it is.
      return reply
        .header('x-cache', cache)
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );
}
