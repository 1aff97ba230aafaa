import { availabilityRequestSchema, availabilityResponseSchema, errorResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { plainJsonSerializer } from '../../lib/plain-json-response.ts';
import { bypassRequested, prepareCached, sendCached } from '../../plugins/catalogue-cache.ts';
import { checkAvailability } from './availability.service.ts';

export async function availabilityRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/booking/booking_availability_check_multiple',
    {
      // Built field by field and written by JSON.stringify (lib/plain-json-response.ts, decision 064).
      serializerCompiler: plainJsonSerializer,
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
      const cache = app.catalogueCache;
      if (!cache.enabled || bypassRequested(request)) {
        return reply
          .header('x-cache', 'bypass')
          .type('application/json; charset=utf-8')
          .send((await compute()) as never);
      }
      // A cart and its checkout ask the same ranges again and again (issue 23, decision 049): the answer
      // is kept in the catalogue's cache by the body as the schema parsed it (bounded in depth and size by
      // it), dropped like the catalogue's answers when a booking, hold or block changes.
      const key = `availability ${JSON.stringify(request.body)}`;
      const now = app.deps.clock.now().getTime();
      const hit = cache.get(key, now);
      if (hit) return sendCached(request, reply, hit, false);
      const generation = cache.generation;
      const entry = cache.set(key, await compute(), generation, now);
      return reply.send(prepareCached(request, reply, entry, 'miss', false) as never);
    },
  );
}
