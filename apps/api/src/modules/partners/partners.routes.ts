import { errorResponseSchema, mediaOwnerResponseSchema, partnerApplicationBodySchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth, requireMember } from '../../plugins/auth.ts';
import { membersRoutes } from './members.routes.ts';
import { applyAsPartner, toMediaOwner, toMediaOwnerWithoutBank } from './partners.service.ts';

/** A media owner's own calls (docs/product-rules.md sections 7 and 13). Every other /api/partner call needs membership. */
export async function partnersRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];

  app.post(
    '/partner/apply',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['partner'],
        summary: 'Apply as a media owner; answers the application, pending review',
        security,
        body: partnerApplicationBodySchema,
        response: {
          201: mediaOwnerResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await applyAsPartner(
          { db: app.deps.database.db, clock: app.deps.clock },
          request.user!.id,
          request.body,
        ),
      }),
  );

  app.get(
    '/partner/me',
    {
      // Any status: the applicant follows a pending or rejected application here; no member answers 404.
      onRequest: requireMember(app, {
        statuses: ['pending', 'approved', 'rejected', 'suspended'],
        missing: 404,
        roles: ['admin', 'manager', 'field'],
      }),
      schema: {
        tags: ['partner'],
        summary: 'The media owner the signed-in user belongs to, with its status',
        description: 'PAN, IFSC and the masked bank account are answered to its admins only.',
        security,
        response: { 200: mediaOwnerResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      data:
        request.memberRole === 'admin'
          ? toMediaOwner(request.mediaOwner!)
          : toMediaOwnerWithoutBank(request.mediaOwner!),
    }),
  );

  await membersRoutes(app);
}
