import {
  approvalCreateBodySchema,
  approvalCreatedResponseSchema,
  approvalDecisionBodySchema,
  approvalIdParamSchema,
  approvalsQuerySchema,
  approvalsResponseSchema,
  approvalTokenParamSchema,
  campaignClientBodySchema,
  campaignClientResponseSchema,
  campaignClientsResponseSchema,
  errorResponseSchema,
  publicApprovalResponseSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestApproval } from '../../workflows/approval-request.workflow.ts';
import { putCampaignClient } from '../../workflows/campaign-client.workflow.ts';
import { agencyApprovals, decideApproval, openApproval, revokeApproval } from './approvals.service.ts';
import { campaignClients } from './campaign-clients.service.ts';

/**
 * Approval links (DESIGN section 19, decision 092). The agency's side needs an admin or planner (an
 * approver of the agency 403, someone of no agency or another agency's record 404); the approver's page
 * needs no sign-in, only the link's token.
 */
export async function approvalsRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const preHandler = requireAuth(app);
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
  const deps = { db: app.deps.database.db, clock: app.deps.clock };
  const tags = ['agency'];

  app.post(
    '/agency/campaigns/:id/approval',
    {
      preHandler,
      schema: {
        tags,
        summary: "Ask a client's approver to approve a saved campaign's plan: a link valid 7 days",
        description:
          "The campaign is the caller's own saved customized campaign; the answer carries the token and the page path once (only its hash is kept). Older waiting links of the campaign for the client are revoked.",
        security,
        params: approvalIdParamSchema,
        body: approvalCreateBodySchema,
        response: { 201: approvalCreatedResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await requestApproval(app.deps, request.user!, request.params.id, request.body) }),
  );

  app.patch(
    '/agency/campaigns/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: "Make a saved campaign for one of the agency's clients, or (null) for nobody in particular",
        description:
          "The campaign is the caller's own saved customized campaign (404 otherwise); the client is one of " +
          "their agency's (404 otherwise); an approver 403. Approval asks and checkout start from this client.",
        security,
        params: approvalIdParamSchema,
        body: campaignClientBodySchema,
        response: { 200: campaignClientResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({
      data: await putCampaignClient(app.deps, request.user!, request.params.id, request.body),
    }),
  );

  app.get(
    '/agency/campaigns',
    {
      preHandler,
      schema: {
        tags,
        summary: "The caller's saved campaigns that are for one of the agency's clients",
        security,
        response: { 200: campaignClientsResponseSchema, ...denied },
      },
    },
    async (request) => ({ data: await campaignClients(deps.db, request.user!) }),
  );

  app.get(
    '/agency/approvals',
    {
      preHandler,
      schema: {
        tags,
        summary: "The agency's approval links with their state, newest first (optionally one campaign's)",
        security,
        querystring: approvalsQuerySchema,
        response: { 200: approvalsResponseSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => ({
      data: await agencyApprovals(deps.db, deps.clock, request.user!, {
        campaignId: request.query.campaign_id,
        proposalId: request.query.proposal_id,
      }),
    }),
  );

  app.delete(
    '/agency/approvals/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Withdraw an approval link still waiting (a decided or expired one is 409); audited',
        security,
        params: approvalIdParamSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 409: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await revokeApproval(deps, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/approvals/:token',
    {
      schema: {
        tags,
        summary: "The approver's page: the plan, the client and agency, and the link's state (no sign-in)",
        params: approvalTokenParamSchema,
        response: { 200: publicApprovalResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await openApproval(deps, request.params.token) }),
  );

  app.post(
    '/approvals/:token',
    {
      schema: {
        tags,
        summary: 'Approve or reject the plan, once, with a name and a comment (no sign-in); audited',
        description:
          'A second decision is 409; a withdrawn or expired link is 410 (it no longer decides anything); an unknown token 404.',
        params: approvalTokenParamSchema,
        body: approvalDecisionBodySchema,
        response: {
          200: publicApprovalResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          410: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await decideApproval(deps, request.params.token, request.body) }),
  );
}
