import {
  createPlanShareBodySchema,
  errorResponseSchema,
  PLAN_FILE_PATTERN,
  planFileParamsSchema,
  planShareCreatedSchema,
  planSharesResponseSchema,
  planShareTokenParamsSchema,
  sharedPlanResponseSchema,
} from '@ooh/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { binarySchema, PDF, PPTX, XLSX } from '../../lib/file-response.ts';
import { optionalAuth, requireAuth } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { createPlanShare, exportPlan, myPlanShares, openPlanShare, revokeShare } from './plans.service.ts';

/** Media plans (docs/product-rules.md sections 12-13): exports of a campaign or an order, and read-only share links. */
export async function plansRoutes(app: AppInstance): Promise<void> {
  const tags = ['plans'];
  const security = [{ bearer: [] }];
  const binary = binarySchema;
  const allowance = documentAllowance(app);

  app.get(
    '/plans/:file',
    {
      // Anyone may ask for a standard campaign's plan: at most DOCUMENTS_PER_HOUR, cached by content.
      preHandler: [
        optionalAuth(app),
        // Only a name that can be a plan is counted: a refused one costs nothing and writes nothing.
        async (request, reply) => {
          const { file } = request.params as { file: string };
          if (PLAN_FILE_PATTERN.test(file)) await allowance(request, reply);
        },
      ],
      schema: {
        tags,
        summary: 'A media plan as PowerPoint, Excel or PDF',
        description:
          '`{campaignId}.pptx|.xlsx|.pdf` for a campaign (standard: anyone; customized: its owner) and ' +
          '`order-{orderId}.pptx|.xlsx|.pdf` for an order (its buyer). Anything else is 404.',
        security,
        params: planFileParamsSchema,
        response: {
          200: {
            description: 'The plan, in the format its name ends with',
            content: {
              [PPTX]: { schema: binary },
              [XLSX]: { schema: binary },
              [PDF]: { schema: binary },
            },
          },
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, typedReply) => {
      // The body is the file's bytes, not JSON: answered as a plain reply.
      const reply = typedReply as unknown as FastifyReply;
      const file = await exportPlan(app.deps, request.params.file, request.user?.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', file.body.length)
        .send(file.body);
    },
  );

  app.post(
    '/plans/share',
    {
      // Before the body and params are read: signed out is 401 whatever was sent.
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Create a read-only link to a plan (30 days)',
        description:
          'Body: `campaign_id` (a standard campaign, or a customized one of the caller) or `order_id` (an ' +
          'order of the caller). The link shows a snapshot of sites, dates and prices, nothing about the buyer.',
        security,
        body: createPlanShareBodySchema,
        response: {
          200: planShareCreatedSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => createPlanShare(app.deps, request.user!.id, request.body),
  );

  app.get(
    '/plans/shares',
    {
      // Before the body and params are read: signed out is 401 whatever was sent.
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "The caller's plan links, newest first",
        security,
        response: { 200: planSharesResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => myPlanShares(app.deps, request.user!.id),
  );

  app.delete(
    '/plans/share/:token',
    {
      // Before the body and params are read: signed out is 401 whatever was sent.
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Revoke a plan link (its creator only; anyone else gets 404)',
        security,
        params: planShareTokenParamsSchema,
        response: {
          200: z.object({ data: z.literal('revoked') }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await revokeShare(app.deps, request.user!.id, request.params.token);
      return { data: 'revoked' as const };
    },
  );

  app.get(
    '/plans/shared/:token',
    {
      schema: {
        tags,
        summary: 'A shared plan (no account needed); 410 once expired or revoked',
        params: planShareTokenParamsSchema,
        response: {
          200: sharedPlanResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          410: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return openPlanShare(app.deps, request.params.token);
    },
  );
}
