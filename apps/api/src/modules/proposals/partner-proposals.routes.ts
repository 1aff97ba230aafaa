import {
  counterRequestSchema,
  errorResponseSchema,
  idParamSchema,
  ownerAnswerRequestSchema,
  partnerBriefListSchema,
  proposalRequestSchema,
  proposalSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { requireMember } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { acceptProposal } from '../../workflows/proposal-accept.workflow.ts';
import { partnerBriefs } from './briefs.service.ts';
import { proposalPdf } from './proposal-pdf.service.ts';
import { counterLines, declineCounters } from './proposal-steps.service.ts';
import { createProposal, proposalFor } from './proposals.service.ts';

/** The owner's side of briefs and proposals (admins and managers; decision 086). */
export async function partnerProposalsRoutes(app: AppInstance): Promise<void> {
  const tags = ['partner'];
  const security = [{ bearer: [] }];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  // Prices are for admins and managers (docs/product-rules.md section 7); only an approved owner proposes.
  const onRead = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403 });
  const onWrite = requireMember(app, { statuses: ['approved'], missing: 403 });
  const owner = (request: { mediaOwner?: { id: number } | null; user?: { id: number } }) => ({
    ownerId: request.mediaOwner!.id,
    userId: request.user!.id,
  });

  app.get(
    '/partner/briefs',
    {
      onRequest: onRead,
      schema: {
        tags,
        summary: "Open briefs matching the owner's live sites, each with the owner's own proposal",
        security,
        response: { 200: partnerBriefListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return partnerBriefs(app.deps, request.mediaOwner!.id);
    },
  );

  app.post(
    '/partner/briefs/:id/proposals',
    {
      onRequest: onWrite,
      schema: {
        tags,
        summary: 'Answer a brief with a proposal: own live sites, dates, a price each, valid at most 14 days',
        description:
          "Each line's `price` is its total before GST in rupees for its dates, replacing the rate card's; " +
          '`valid_until` is the last day (IST) the offer stands. The buyer is told.',
        security,
        params: idParamSchema,
        body: proposalRequestSchema,
        response: { 201: proposalSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createProposal(
            app.deps,
            request.mediaOwner!,
            request.user!.id,
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    '/partner/proposals/:id/accept',
    {
      onRequest: onWrite,
      schema: {
        tags,
        summary:
          "Accept the buyer's counters (the named lines, or all awaiting you): their dates are held for the buyer",
        security,
        params: idParamSchema,
        body: ownerAnswerRequestSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => acceptProposal(app.deps, request.params.id, owner(request), request.body),
  );

  app.post(
    '/partner/proposals/:id/counter',
    {
      onRequest: onWrite,
      schema: {
        tags,
        summary: "Counter the buyer's counters with new prices; the buyer answers next",
        security,
        params: idParamSchema,
        body: counterRequestSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => {
      await counterLines(app.deps, request.params.id, owner(request), request.body);
      return proposalFor(app.deps, request.params.id, { ownerId: request.mediaOwner!.id });
    },
  );

  app.post(
    '/partner/proposals/:id/decline',
    {
      onRequest: onWrite,
      schema: {
        tags,
        summary: "Decline the buyer's counters: the lines stand at your last offer again",
        security,
        params: idParamSchema,
        body: ownerAnswerRequestSchema,
        response: { 200: proposalSchema, ...errors },
      },
    },
    async (request) => {
      await declineCounters(app.deps, request.params.id, owner(request), request.body.line_ids);
      return proposalFor(app.deps, request.params.id, { ownerId: request.mediaOwner!.id });
    },
  );

  const allowance = documentAllowance(app);
  app.get(
    '/partner/proposals/:id/proposal.pdf',
    {
      onRequest: onRead,
      schema: {
        tags,
        summary:
          'The proposal as a PDF (DESIGN section 19): its lines with dates, prices, audience with its source, CPM, ' +
          "the offers on each line, and the totals with GST. The proposing owner's admins and managers; anyone else 404.",
        security,
        params: idParamSchema,
        response: {
          200: fileResponse(PDF, 'The proposal'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await proposalPdf(
        app.deps,
        request.params.id,
        { ownerId: request.mediaOwner!.id },
        () => allowance(request, reply),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
