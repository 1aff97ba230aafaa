import {
  errorResponseSchema,
  idParamSchema,
  payoutActionBodySchema,
  payoutActionResponseSchema,
  payoutsQuerySchema,
  payoutsResponseSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireMember, requireOperator } from '../../plugins/auth.ts';
import { readPayoutLedger } from '../../workflows/payout-ledger.workflow.ts';
import { payoutOperatorAction } from '../../workflows/payout-operator-action.workflow.ts';
import type { PayoutAction } from './payout-ops.service.ts';
import { handleTransferWebhook } from './transfer-webhook.service.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const ACTIONS: Record<PayoutAction, string> = {
  hold: 'Hold a payout (reason, audited): a proof no longer releases it until an operator does',
  release: 'Release a held or failed payout to the owner (reason, audited)',
  'accept-proof': "Accept the line's Unverified proof (reason, audited): the payout is released unless held",
  'reject-proof': "Reject the line's proof (reason, audited): the payout stays held until a new proof",
};

/** Payouts released by verified proof (docs/product-rules.md "Payouts", decision 047). */
export async function payoutsRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/partner/payouts',
    {
      // Money is for admins and managers (docs/product-rules.md section 7); a suspended owner still sees why it paused.
      onRequest: requireMember(app, { statuses: ['approved', 'suspended'], missing: 403 }),
      schema: {
        tags: ['partner'],
        summary:
          "The owner's payout per line (held and why, released, reversed, recovered, failed) and recoveries",
        description: '`media_owner_id` and `awaiting_decision` are for operators and ignored here.',
        security,
        querystring: payoutsQuerySchema,
        response: { 200: payoutsResponseSchema, ...denied },
      },
    },
    async (request) => readPayoutLedger(app.deps, request.query, { mediaOwnerId: request.mediaOwner!.id }),
  );

  app.get(
    '/ops/payouts',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary:
          'The payout ledger of every owner (filters: media_owner_id, state, month, flagged, awaiting_decision)',
        security,
        querystring: payoutsQuerySchema,
        response: { 200: payoutsResponseSchema, ...denied },
      },
    },
    async (request) => readPayoutLedger(app.deps, request.query, 'operator'),
  );

  for (const action of Object.keys(ACTIONS) as PayoutAction[]) {
    app.post(
      `/ops/payouts/:id/${action}`,
      {
        onRequest: requireOperator(app),
        schema: {
          tags: ['ops'],
          summary: ACTIONS[action],
          description:
            '404 for an unknown payout; 409 when the payout is not held (or there is no proof to decide on).',
          security,
          params: idParamSchema,
          body: payoutActionBodySchema,
          response: {
            200: payoutActionResponseSchema,
            ...denied,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        payout: await payoutOperatorAction(
          app.deps,
          request.log,
          request.user!.id,
          request.params.id,
          action,
          request.body,
        ),
      }),
    );
  }

  // The signature covers the exact bytes the provider sent: this scope keeps the raw body (as payments').
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/transfers/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Razorpay Route (or sandbox) webhook: transfer.processed, transfer.failed, settlement.processed',
          description:
            'Signed like the payments webhook (x-razorpay-signature, HMAC-SHA256 of the body). A replay (the same ' +
            'event name and entity id) is a `duplicate`; an event payouts do not use, or about no payout of ours, ' +
            'is `ignored` (2xx, so Razorpay keeps the webhook); settlement.processed records its UTR on the ' +
            'transfers it settled (503 when they cannot be read from Razorpay: it delivers the event again).',
          response: {
            200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }),
            400: errorResponseSchema,
            413: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const status = await handleTransferWebhook(app.deps, request.log, raw, {
          signature: header(request.headers['x-razorpay-signature']),
        });
        return { status };
      },
    );
  });
}
