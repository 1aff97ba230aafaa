import {
  errorResponseSchema,
  holdAnswerSchema,
  holdListSchema,
  holdRequestSchema,
  idParamSchema,
  MAX_HELD_SITES,
  siteHoldsForCallerSchema,
  siteHoldsQuerySchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createHold, holdsOnSites, listHolds, releaseHold, renewHold, requestHold } from './holds.service.ts';

/** Holds (options; DESIGN sections 19 and 22, decision 082). Another buyer's hold answers 404. */
export async function holdsRoutes(app: AppInstance): Promise<void> {
  const tags = ['holds'];
  const security = [{ bearer: [] }];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };

  app.post(
    '/holds',
    {
      // Before the body is read: signed out is 401 whatever was sent.
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "Hold a site's dates free of charge for HOLD_DAYS",
        description:
          "`to_date` is exclusive. The dates obey the site's minimum booking as booking does. 409 " +
          '`sites_unavailable` naming the site when any day is booked, blocked or held; `already_held` when ' +
          `the caller holds some of them already; \`too_many_holds\` past ${MAX_HELD_SITES} held sites. ` +
          'The same range held again by its holder answers that hold (200). `client_id`: an agency admin or ' +
          "planner holds for one of its clients (404 for anyone else's).",
        security,
        body: holdRequestSchema,
        response: { 200: holdAnswerSchema, 201: holdAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, hold } = await createHold(app.deps, request.user!, request.body);
      return reply.code(created ? 201 : 200).send(hold);
    },
  );

  app.get(
    '/holds',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "The caller's holds: live ones, then those ended in the last 30 days",
        security,
        response: { 200: holdListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listHolds(app.deps, request.user!.id);
    },
  );

  app.get(
    '/holds/sites',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "The live holds on these sites, each marked as the caller's or another buyer's",
        description:
          "For a list of sites (a campaign's lines): the caller's own holds with `renewable`, and others' " +
          'as every visitor sees them on the site (never who holds them). Private to the caller.',
        security,
        querystring: siteHoldsQuerySchema,
        response: { 200: siteHoldsForCallerSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return holdsOnSites(app.deps, request.user!.id, request.query.product_ids);
    },
  );

  app.post(
    '/holds/:id/renew',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Renew a hold once: it then ends HOLD_DAYS from now',
        description:
          '409 `already_renewed` on a second renewal, `hold_requested` once another buyer asked for the dates, `hold_ended` after its end.',
        security,
        params: idParamSchema,
        response: { 200: holdAnswerSchema, ...errors },
      },
    },
    async (request) => renewHold(app.deps, request.user!.id, request.params.id),
  );

  app.delete(
    '/holds/:id',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Release a hold: its dates are free at once (a repeat answers the ended hold)',
        security,
        params: idParamSchema,
        response: { 200: holdAnswerSchema, ...errors },
      },
    },
    async (request) => releaseHold(app.deps, request.user!.id, request.params.id),
  );

  app.post(
    '/holds/:id/request',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Ask the holder for these dates: they are told and have 24 hours to book or release',
        description:
          "A live hold of another buyer (404 otherwise; 409 `own_hold` for the caller's own). The holder is " +
          'told by SMS and email, never who asked; after 24 hours the hold lapses. Asking again changes nothing.',
        security,
        params: idParamSchema,
        response: { 200: holdAnswerSchema, ...errors },
      },
    },
    async (request) => requestHold(app.deps, request.user!.id, request.params.id),
  );
}
