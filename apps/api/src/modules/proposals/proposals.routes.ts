import {
  acceptRequestSchema,
  approvalCreatedResponseSchema,
  briefDetailSchema,
  briefListSchema,
  briefRequestSchema,
  briefSchema,
  counterRequestSchema,
  declineRequestSchema,
  errorResponseSchema,
  idParamSchema,
  orderSchema,
  proposalApprovalBodySchema,
  proposalBookRequestSchema,
  proposalSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { acceptProposal } from '../../workflows/proposal-accept.workflow.ts';
import { requestProposalApproval } from '../../workflows/proposal-approval.workflow.ts';
import { bookProposal } from '../../workflows/proposal-book.workflow.ts';
import { briefDetail, listBriefs, postBrief } from './briefs.service.ts';
import { proposalPdf } from './proposal-pdf.service.ts';
import { counterLines, declineProposal } from './proposal-steps.service.ts';
import { proposalFor } from './proposals.service.ts';

/** A buyer's briefs and the proposals answering them (DESIGN sections 19 and 22, decision 086). */
export async function proposalsRoutes(app: AppInstance): Promise<void> {
  const tags = ['briefs'];
  const security = [{ bearer: [] }];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  const buyer = (request: { user?: { id: number } }) => ({ buyerUserId: request.user!.id });

  app.post(
    '/briefs',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Post a brief: owners with live sites matching it (city, format) are told and may propose',
        description:
          '`to_date` is exclusive; `budget` in rupees; `formats` are category names (empty: any); `respond_by` ' +
          'is the last day owners may answer, from today to the day before the campaign starts.',
        security,
        body: briefRequestSchema,
        response: { 201: briefSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await postBrief(app.deps, request.user!, request.body)),
  );

  app.get(
    '/briefs',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "The caller's briefs, newest first",
        security,
        response: { 200: briefListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listBriefs(app.deps, request.user!.id);
    },
  );

  app.get(
    '/briefs/:id',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary:
          'A brief and its proposals side by side (sites, dates, prices, impressions, CPM, totals with GST)',
        security,
        params: idParamSchema,
        response: { 200: briefDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return briefDetail(app.deps, request.user!.id, request.params.id);
    },
  );

  app.post(
    '/proposals/:id/accept',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "Accept lines at the owner's standing offer: their dates are held until the proposal lapses",
        description:
          '409 `sites_unavailable` naming the site when its dates were taken meanwhile (nothing is accepted then).',
        security,
        params: idParamSchema,
        body: acceptRequestSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => acceptProposal(app.deps, request.params.id, buyer(request), request.body),
  );

  app.post(
    '/proposals/:id/counter',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "Counter lines' prices (rupees, the line's total before GST); the owner answers next",
        security,
        params: idParamSchema,
        body: counterRequestSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => {
      await counterLines(app.deps, request.params.id, buyer(request), request.body);
      return proposalFor(app.deps, request.params.id, buyer(request));
    },
  );

  app.post(
    '/proposals/:id/decline',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary:
          'Decline some open lines (`line_ids`; the rest stays open) or, without a body, the whole proposal; its owner is told',
        security,
        params: idParamSchema,
        body: declineRequestSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => {
      await declineProposal(app.deps, request.params.id, request.user!.id, request.body?.line_ids);
      return proposalFor(app.deps, request.params.id, buyer(request));
    },
  );

  app.post(
    '/proposals/:id/book',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: 'Order the accepted lines at the agreed prices (answers as /booking/book does)',
        description:
          "`amount` is the accepted lines' total before GST in rupees; the prices are the server's, from the " +
          'accepted offers, and a different amount is refused (409 `price_changed`). Checkout then charges them with GST.',
        security,
        params: idParamSchema,
        body: proposalBookRequestSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => bookProposal(app.deps, request.params.id, request.user!.id, request.body),
  );

  app.post(
    '/proposals/:id/approval',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary: "Ask the brief's agency client to approve the accepted lines at their agreed prices",
        description:
          'For a brief made for an agency client (decision 092): an approval link as for a saved campaign ' +
          '(answered once with its token; `approver_email` sends it), on the accepted lines as booking them would ' +
          "place them. The brief's buyer only (404 otherwise), an admin or planner of the agency (an approver 403); " +
          "409 `nothing_accepted` before a line is accepted, `not_for_client` for the buyer's own brief. A client " +
          'that needs approval then books the proposal only once this link is approved.',
        security,
        params: idParamSchema,
        body: proposalApprovalBodySchema,
        response: { 201: approvalCreatedResponseSchema, 403: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await requestProposalApproval(app.deps, request.user!, request.params.id, request.body),
      }),
  );

  const allowance = documentAllowance(app);
  app.get(
    '/proposals/:id/proposal.pdf',
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        summary:
          'The proposal as a PDF (DESIGN section 19): its lines with dates, prices, audience with its source, CPM, ' +
          "the offers on each line, and the totals with GST. The brief's buyer; anyone else 404.",
        security,
        params: idParamSchema,
        response: {
          200: fileResponse(PDF, 'The proposal'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await proposalPdf(app.deps, request.params.id, buyer(request), () =>
        allowance(request, reply),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
