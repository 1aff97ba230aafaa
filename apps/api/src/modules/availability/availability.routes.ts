import {
  availabilityRequestSchema,
  availabilityResponseSchema,
  errorResponseSchema,
  idParamSchema,
  productAvailabilityQuerySchema,
  productAvailabilitySchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { plainJsonSerializer } from '../../lib/plain-json-response.ts';
import { bypassRequested, prepareCached, sendCached } from '../../plugins/catalogue-cache.ts';
import { checkAvailability, productCalendar } from './availability.service.ts';

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

  app.get(
    '/product/:id/availability',
    {
      // Cached and served as cacheable HTTP like the product it belongs to (plugins/catalogue-cache.ts).
      config: { catalogueCache: true },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ['catalogue'],
        summary: "A site's availability calendar",
        description:
          'Every day from today (IST) for `months` months (1 to 12, 12 by default), in date order, with its ' +
          "state: free, held (a checkout hold or a buyer's option, which may lapse), booked or blocked (by the " +
          "site's owner). A day before the earliest start (7 days from today) may be free and still not " +
          'bookable. 404 for an unknown or unlisted site.',
        params: idParamSchema,
        querystring: productAvailabilityQuerySchema,
        response: {
          200: productAvailabilitySchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) =>
      app.catalogueReads.run((db) =>
        productCalendar(db, app.deps.clock, request.params.id, request.query.months),
      ),
  );
}
