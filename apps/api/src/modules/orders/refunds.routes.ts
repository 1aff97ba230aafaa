import {
  abandonRefundBodySchema,
  cancelOrderBodySchema,
  cancelOrderResponseSchema,
  creativeUploadParamsSchema,
  creditNoteParamsSchema,
  errorResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyHeadersSchema,
  idParamSchema,
  opsLineCancelBodySchema,
  opsLineCancelResponseSchema,
  opsRefundBodySchema,
  opsRefundResponseSchema,
  opsRefundRowSchema,
  opsRefundsQuerySchema,
  opsRefundsResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { isOperator, requireAuth, requireOperator } from '../../plugins/auth.ts';
import { documentAllowance } from '../../plugins/document-allowance.ts';
import { cancelLineByOperator } from '../../workflows/cancel-line.workflow.ts';
import { cancelOrder, operatorRefund } from '../../workflows/refund.workflow.ts';
import { retryRefundNow } from '../../workflows/settle-refund.workflow.ts';
import { creditNotePdf } from './credit-notes.service.ts';
import { abandonRefund, opsRefundRow, refundsForOps } from './refund-desk.service.ts';

/** Cancellation, refunds and credit notes (docs/product-rules.md sections 10 and 13, docs/decisions/030). */
export async function refundsRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    502: errorResponseSchema,
  };

  app.post(
    '/orders/:id/cancel',
    {
      preHandler: requireAuth(app),
      schema: {
        tags: ['orders'],
        summary: 'Cancel lines of a paid order (all cancellable ones without line_ids); confirm false quotes',
        description:
          '15+ days before the start refunds 100 %, 7-14 days 50 %, fewer nothing (the line still cancels and ' +
          'its dates are free at once). The refund is the line price plus its share of GST. With an ' +
          'Idempotency-Key header a repeat answers the first cancel and retries a refund the provider failed.',
        security,
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: cancelOrderBodySchema,
        response: { 200: cancelOrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      cancelOrder(
        app.deps,
        request.user!.id,
        request.params.id,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
        request.log,
      ),
  );

  app.post(
    '/ops/orders/:id/refunds',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'Refund any amount (rupees) up to what is left of a paid order, with a reason',
        description: 'Lines are untouched. With an Idempotency-Key header a repeat answers the first refund.',
        security,
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: opsRefundBodySchema,
        response: { 200: opsRefundResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) =>
      operatorRefund(
        app.deps,
        request.user!.id,
        request.params.id,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
        request.log,
      ),
  );

  app.post(
    '/ops/orders/:id/lines/:lineId/cancel',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'Cancel one line of a paid order, with a reason and a refund (rupees with GST, 0 allowed)',
        description:
          'The line is cancelled through the line state machine and its dates are free at once; a refund above 0 ' +
          'is written and sent like any refund (at most what is left). Audited; the owner and the buyer are told.',
        security,
        params: creativeUploadParamsSchema,
        body: opsLineCancelBodySchema,
        response: { 200: opsLineCancelResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) =>
      cancelLineByOperator(
        app.deps,
        request.user!.id,
        request.params.id,
        request.params.lineId,
        request.body,
        request.log,
      ),
  );

  app.get(
    '/ops/refunds',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'Refunds by status, newest first: ?status=failed lists those that need an operator',
        description:
          'A failed refund is retried by the job queue with its idempotency key; once its tries are used up ' +
          '`needs_action` is true and `next_attempt_at` null (decision 036).',
        security,
        querystring: opsRefundsQuerySchema,
        response: {
          200: opsRefundsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      refunds: (await refundsForOps(app.deps, request.query.status)).map((r) => opsRefundRow(r)),
    }),
  );

  app.post(
    '/ops/refunds/:id/abandon',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'Give up a failed refund (paid another way, or not owed), with a reason; audited',
        description:
          'Only a failed refund can be abandoned. It stops holding its share of what can still be refunded.',
        security,
        params: idParamSchema,
        body: abandonRefundBodySchema,
        response: { 200: opsRefundRowSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) =>
      opsRefundRow(await abandonRefund(app.deps, request.user!.id, request.params.id, request.body.reason)),
  );

  app.post(
    '/ops/refunds/:id/retry',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'Send a failed refund to the payment provider again now, with its own key; audited',
        description:
          'Only a failed refund can be retried (409 otherwise). Answers the refund as it stands after the ' +
          "provider's answer: processed (credit note numbered, buyer told) or failed again with `last_error`.",
        security,
        params: idParamSchema,
        response: { 200: opsRefundRowSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) =>
      opsRefundRow(await retryRefundNow(app.deps, request.user!.id, request.params.id, request.log)),
  );

  app.get(
    '/orders/:id/credit-notes/:file',
    {
      onRequest: requireAuth(app),
      preHandler: documentAllowance(app),
      schema: {
        tags: ['orders'],
        summary: "A refund's credit note PDF (the order's buyer and operators)",
        security,
        params: creditNoteParamsSchema,
        response: {
          200: fileResponse(PDF, 'The credit note'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { fileName, pdf } = await creditNotePdf(
        app.deps,
        { id: user.id, operator: isOperator(app, user) },
        request.params.id,
        request.params.file,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
