import {
  audienceVerifyBodySchema,
  errorResponseSchema,
  idParamSchema,
  opsRejectBodySchema,
  opsSitePageSchema,
  opsSiteResponseSchema,
  opsSitesQuerySchema,
} from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { markAudience } from './site-audience.service.ts';
import { decideSite, getOpsSite, opsSitesPage } from './site-review.service.ts';

/** The operator's review of sites (docs/product-rules.md sections 8 and 13): every call needs an operator (401 / 403). */
export async function sitesOpsRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const onRequest = requireOperator(app);
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  const tags = ['ops'];
  const deps = (request: FastifyRequest) => ({
    db: app.deps.database.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    log: request.log,
  });
  const decisionResponses = {
    200: opsSiteResponseSchema,
    400: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    ...denied,
  };

  app.get(
    '/ops/sites',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Sites in id order. status=pending is the review queue: new sites submitted, and live or paused ' +
          'sites with changes or photos waiting (in_review). Other statuses filter; none lists all.',
        security,
        querystring: opsSitesQuerySchema,
        response: { 200: opsSitePageSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => opsSitesPage(app.deps.database.db, request.query),
  );

  app.get(
    '/ops/sites/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One site with its photos, waiting changes and owner',
        security,
        params: idParamSchema,
        response: {
          200: opsSiteResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request) => ({ data: await getOpsSite(app.deps.database.db, request.params.id) }),
  );

  app.post(
    '/ops/sites/:id/approve',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Approve what waits on a site: a new site goes live; waiting changes and photos apply (audited)',
        security,
        params: idParamSchema,
        response: decisionResponses,
      },
    },
    async (request) => ({
      data: await decideSite(deps(request), request.user!.id, request.params.id, { approve: true }),
    }),
  );

  app.post(
    '/ops/sites/:id/reject',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Reject what waits on a site with a reason: a new site becomes rejected; waiting changes and ' +
          'photos of a listed site are dropped (audited)',
        security,
        params: idParamSchema,
        body: opsRejectBodySchema,
        response: decisionResponses,
      },
    },
    async (request) => ({
      data: await decideSite(deps(request), request.user!.id, request.params.id, {
        approve: false,
        reason: request.body.reason,
      }),
    }),
  );

  app.post(
    '/ops/sites/:id/audience',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Mark the site's audience figure verified (checked against its evidence) or not (audited); the " +
          "owner's next change of the figure clears the mark. 409 when the site has no figure.",
        security,
        params: idParamSchema,
        body: audienceVerifyBodySchema,
        response: decisionResponses,
      },
    },
    async (request) => ({
      data: await markAudience(deps(request), request.user!.id, request.params.id, request.body.verified),
    }),
  );
}
