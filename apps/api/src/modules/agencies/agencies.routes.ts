import {
  agencyClientCreateBodySchema,
  agencyClientParamSchema,
  agencyClientPatchBodySchema,
  agencyClientResponseSchema,
  agencyClientsResponseSchema,
  agencyCreateBodySchema,
  agencyMemberInviteBodySchema,
  agencyMemberQuerySchema,
  agencyMemberResponseSchema,
  agencyMembersResponseSchema,
  agencyResponseSchema,
  errorResponseSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { clientsWithSpend } from '../../workflows/agency-clients.workflow.ts';
import {
  addClient,
  agencyTeam,
  createAgency,
  editClient,
  inviteAgencyMember,
  myAgency,
  removeAgencyMember,
} from './agencies.service.ts';

/**
 * Agencies (DESIGN section 19, decision 092): an agency, its team by mobile number (admin, planner,
 * approver) and its clients. Someone of no agency, or another agency's client, is 404; a member whose role
 * does not allow the call is 403.
 */
export async function agenciesRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const preHandler = requireAuth(app);
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
  const deps = { db: app.deps.database.db, clock: app.deps.clock };
  const tags = ['agency'];

  app.post(
    '/agencies',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create an agency; the signed-in user becomes its admin',
        security,
        body: agencyCreateBodySchema,
        response: {
          201: agencyResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createAgency(deps, request.user!, request.body) }),
  );

  app.get(
    '/agency',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's agency and their role in it (404: none)",
        security,
        response: { 200: agencyResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await myAgency(deps.db, request.user!) }),
  );

  app.get(
    '/agency/members',
    {
      preHandler,
      schema: {
        tags,
        summary: "The agency's members with their roles (admins)",
        security,
        response: { 200: agencyMembersResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await agencyTeam(deps.db, request.user!) }),
  );

  app.post(
    '/agency/members',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Add a mobile number with a role (admin, planner, approver); it acts for the agency once signed in',
        security,
        body: agencyMemberInviteBodySchema,
        response: {
          201: agencyMemberResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await inviteAgencyMember(deps, request.user!, request.body) }),
  );

  app.delete(
    '/agency/members',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a member by its id (never the last admin); audited',
        security,
        querystring: agencyMemberQuerySchema,
        response: { 204: z.null(), 400: errorResponseSchema, 409: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await removeAgencyMember(deps, request.user!, request.query.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/agency/clients',
    {
      preHandler,
      schema: {
        tags,
        summary: "The agency's clients (admins, planners), each with its spend this IST month",
        description:
          '`spent_this_month_paise`: the orders placed for the client this IST month before GST, as its monthly ' +
          'limit counts them at booking (paid, partly refunded, or unpaid and still holding their sites).',
        security,
        response: { 200: agencyClientsResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await clientsWithSpend(app.deps, request.user!) }),
  );

  app.post(
    '/agency/clients',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a client (GSTIN optional, checked when given; bill_to client or agency)',
        security,
        body: agencyClientCreateBodySchema,
        response: { 201: agencyClientResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addClient(deps, request.user!, request.body) }),
  );

  app.patch(
    '/agency/clients/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: "Change a client's details (another agency's client is 404)",
        security,
        params: agencyClientParamSchema,
        body: agencyClientPatchBodySchema,
        response: { 200: agencyClientResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await editClient(deps, request.user!, request.params.id, request.body) }),
  );
}
