import {
  errorResponseSchema,
  idParamSchema,
  mediaOwnerResponseSchema,
  opsMediaOwnerEditBodySchema,
  opsReasonBodySchema,
  opsSiteResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { reinstateOwner } from '../../workflows/owner-reinstatement.workflow.ts';
import { takeDownSiteAndTellBuyers } from '../../workflows/site-take-down.workflow.ts';
import { setOwnerSuspended } from '../../workflows/suspend-owner.workflow.ts';
import { editOwnerDetails } from '../partners/owner-trust.service.ts';
import { restoreSite } from '../sites/site-holds.service.ts';

/**
 * The operator's trust actions (docs/product-rules.md sections 7 and 17, decision 046): suspend and reinstate an owner,
 * take down and restore a site, correct an owner's details. Each audited; each repeat answers the record as
 * it is. Registered from opsRoutes.
 */
export async function opsTrustRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const onRequest = requireOperator(app);
  const tags = ['ops'];
  const deps = () => ({ db: app.deps.database.db, clock: app.deps.clock });
  const responses = <T>(ok: T) => ({
    200: ok,
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  });

  for (const [path, suspend] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.post(
      `/ops/media-owners/:id/${path}`,
      {
        onRequest,
        schema: {
          tags,
          summary: suspend
            ? 'Suspend an approved owner with a reason: its sites leave the catalogue, paid bookings go on (audited)'
            : 'Reinstate a suspended owner: its sites return to the status they had, the payouts its accepted proofs earned while suspended are released (audited)',
          security,
          params: idParamSchema,
          body: opsReasonBodySchema,
          response: responses(mediaOwnerResponseSchema),
        },
      },
      async (request) => ({
        data: suspend
          ? await setOwnerSuspended(deps(), request.user!.id, request.params.id, true, request.body.reason)
          : // Reinstated: the payouts its accepted proofs earned while suspended are released (DESIGN 7).
            await reinstateOwner(
              app.deps,
              request.log,
              request.user!.id,
              request.params.id,
              request.body.reason,
            ),
      }),
    );
  }

  app.patch(
    '/ops/media-owners/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Correct an owner's company name, address, contact or bank details (audited with before and after; new bank details are verified again before a payout)",
        security,
        params: idParamSchema,
        body: opsMediaOwnerEditBodySchema,
        response: responses(mediaOwnerResponseSchema),
      },
    },
    async (request) => ({
      data: await editOwnerDetails(deps(), request.user!.id, request.params.id, request.body),
    }),
  );

  app.post(
    '/ops/sites/:id/take-down',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Take a live or paused site out of the catalogue with a reason; paid bookings go on (audited)',
        security,
        params: idParamSchema,
        body: opsReasonBodySchema,
        response: responses(opsSiteResponseSchema),
      },
    },
    async (request) => ({
      data: await takeDownSiteAndTellBuyers(deps(), request.user!.id, request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/ops/sites/:id/restore',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Put a taken-down site back to the status it had (audited)',
        security,
        params: idParamSchema,
        body: opsReasonBodySchema,
        response: responses(opsSiteResponseSchema),
      },
    },
    async (request) => ({
      data: await restoreSite(deps(), request.user!.id, request.params.id, request.body.reason),
    }),
  );
}
