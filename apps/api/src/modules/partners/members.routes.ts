import {
  errorResponseSchema,
  invitationParamSchema,
  memberInviteBodySchema,
  memberUserParamSchema,
  partnerMemberResponseSchema,
  partnerMembersResponseSchema,
} from '@ooh/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireMember } from '../../plugins/auth.ts';
import { inviteMember, ownerTeam, removeMember, revokeInvitation } from './members.service.ts';

/**
 * An owner's team (docs/product-rules.md section 7, decision 046): only its admins list, invite and remove members.
 * Registered from partnersRoutes.
 */
export async function membersRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const onRequest = requireMember(app, { statuses: ['approved'], missing: 403, roles: ['admin'] });
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  const deps = { db: app.deps.database.db, clock: app.deps.clock };
  const acting = (request: FastifyRequest) => ({
    ownerId: request.mediaOwner!.id,
    userId: request.user!.id,
    companyName: request.mediaOwner!.companyName,
  });

  app.get(
    '/partner/members',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: "The owner's members with their roles, then the invitations waiting for a first sign-in",
        security,
        response: { 200: partnerMembersResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await ownerTeam(deps.db, request.mediaOwner!.id, request.user!.id) }),
  );

  app.post(
    '/partner/members',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary:
          'Invite a mobile number with a role (admin, manager, field); told by SMS, a member once they sign in. ' +
          'The same invitation again answers it (200).',
        security,
        body: memberInviteBodySchema,
        response: {
          200: partnerMemberResponseSchema,
          201: partnerMemberResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const { member, created } = await inviteMember(deps, acting(request), request.body);
      return reply.status(created ? 201 : 200).send({ data: member });
    },
  );

  app.delete(
    '/partner/members/:userId',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: 'Remove a member (never the last admin); audited',
        security,
        params: memberUserParamSchema,
        response: { 204: z.null(), 404: errorResponseSchema, 409: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await removeMember(deps, acting(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/partner/members/invitations/:invitationId',
    {
      onRequest,
      schema: {
        tags: ['partner'],
        summary: 'Revoke an invitation not yet taken up; audited. 404 once claimed or revoked',
        security,
        params: invitationParamSchema,
        response: { 204: z.null(), 404: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await revokeInvitation(deps, acting(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );
}
