import {
  errorResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyHeadersSchema,
  idParamSchema,
  partnerBookingPageSchema,
  partnerBookingsQuerySchema,
  partnerCalendarQuerySchema,
  partnerCalendarResponseSchema,
  siteBlockBodySchema,
  siteBlockListSchema,
  siteBlockParamsSchema,
  siteBlockResponseSchema,
  todayIst,
} from '@ooh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { binarySchema, CSV, fileResponse } from '../../lib/file-response.ts';
import { ALL_ROLES, requireMember } from '../../plugins/auth.ts';
import { createBlock, type Member, removeBlock, siteBlocks } from '../bookings/blocks.service.ts';
import { ownerBookingsCsv, ownerBookingsPage, ownerCalendar } from '../bookings/owner-bookings.service.ts';

/**
 * The owner's blocked dates, calendar and bookings list (docs/product-rules.md sections 8 and 13). HTTP only: the
 * bookings module owns the rows. Every call needs a member of an approved media owner (anonymous 401,
 * anyone else 403) and is scoped to that owner, so another owner's site or block answers 404.
 */
export async function siteCalendarRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const onRequest = requireMember(app, { statuses: ['approved'], missing: 403 });
  // Field members read sites and bookings, download print files and post proofs too (decision 046).
  // A suspended owner still reads its calendar and bookings (DESIGN 7); it takes no new blocks.
  const onRead = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403, roles: ALL_ROLES });
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  const member = (request: FastifyRequest): Member => ({
    userId: request.user!.id,
    mediaOwnerId: request.mediaOwner!.id,
  });

  app.get(
    '/partner/sites/:id/blocks',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: "A site's current and future blocked ranges (inclusive dates)",
        security,
        params: idParamSchema,
        response: { 200: siteBlockListSchema, 404: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await siteBlocks(app.deps, member(request), request.params.id) }),
  );

  app.post(
    '/partner/sites/:id/blocks',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: 'Block a range of days (inclusive) on an own site',
        description:
          'Refused with 409 dates_taken naming what holds the days: a paid booking, a live hold or another block. ' +
          'With an Idempotency-Key header a repeat answers the first block.',
        security,
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: siteBlockBodySchema,
        response: {
          201: siteBlockResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await createBlock(
          app.deps,
          member(request),
          request.params.id,
          request.body,
          request.headers[IDEMPOTENCY_HEADER],
        ),
      }),
  );

  app.delete(
    '/partner/sites/:id/blocks/:blockId',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: 'Lift a block (bookings and holds are never lifted here)',
        security,
        params: siteBlockParamsSchema,
        response: { 204: z.null(), 404: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await removeBlock(app.deps, member(request), request.params.id, request.params.blockId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/partner/calendar',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: "A month of bookings, holds and blocks on one site or a page of the owner's sites",
        security,
        querystring: partnerCalendarQuerySchema,
        response: { 200: partnerCalendarResponseSchema, 404: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await ownerCalendar(app.deps, request.mediaOwner!.id, request.query) }),
  );

  const sendCsv = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = partnerBookingsQuerySchema.parse(request.query);
    const csv = await ownerBookingsCsv(app.deps, request.mediaOwner!.id, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bookings-${todayIst(app.deps.clock.now())}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  };

  app.get(
    '/partner/bookings',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: "Paid lines on the owner's sites (format=csv: the CSV export)",
        security,
        querystring: partnerBookingsQuerySchema,
        response: {
          200: {
            description: 'A page of lines, or with format=csv the CSV export',
            content: {
              'application/json': { schema: partnerBookingPageSchema },
              [CSV]: { schema: binarySchema },
            },
          },
          ...denied,
        },
      },
    },
    async (request, reply) =>
      request.query.format === 'csv'
        ? sendCsv(request, reply)
        : ownerBookingsPage(app.deps, request.mediaOwner!.id, request.query),
  );

  app.get(
    '/partner/bookings.csv',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: "Paid lines on the owner's sites as CSV (same filters, at most 10,000 lines)",
        security,
        querystring: partnerBookingsQuerySchema,
        response: { 200: fileResponse(CSV, 'The lines as CSV'), ...denied },
      },
    },
    sendCsv,
  );
}
