import {
  auditPageSchema,
  errorResponseSchema,
  idParamSchema,
  mediaOwnerResponseSchema,
  opsApproveBodySchema,
  opsAuditQuerySchema,
  opsMediaOwnerPageSchema,
  opsMediaOwnersQuerySchema,
  opsOrderDetailResponseSchema,
  opsOrderPageSchema,
  opsOrdersQuerySchema,
  opsRejectBodySchema,
  undeliveredSmsResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { auditFiltersOf, auditPage } from '../audit/audit.service.ts';
import { undeliveredSms } from '../notifications/notifications.service.ts';
import { opsOrdersPage } from '../orders/ops-orders.service.ts';
import { opsMediaOwnersPage } from '../partners/owner-trust.service.ts';
import { decideMediaOwner } from '../partners/partners.service.ts';
import { opsOrderAnswer } from './ops-order.service.ts';
import { opsTrustRoutes } from './ops-trust.routes.ts';

/** The operator's back office (docs/product-rules.md sections 7 and 13): every call needs an operator (401 / 403). */
export async function opsRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const onRequest = requireOperator(app);
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  const deps = () => ({ db: app.deps.database.db, clock: app.deps.clock });

  // Operators see every SMS that was not sent and why: under DLT, a template without its registered id
  // is never sent in production (sms/sms-templates.ts, DESIGN section 18).
  app.get(
    '/ops/sms/undelivered',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary:
          'SMS not sent and why (an unregistered DLT template in production, a gateway that kept failing), newest first',
        security: [{ bearer: [] }],
        response: { 200: undeliveredSmsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => undeliveredSms(app.deps.database.db),
  );

  app.get(
    '/ops/media-owners',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary:
          'Media owners, oldest first, optionally of one status or matching `q` (company, GSTIN or PAN); each with the other owners sharing its ' +
          'GSTIN, PAN or bank account (`duplicates`)',
        security,
        querystring: opsMediaOwnersQuerySchema,
        response: { 200: opsMediaOwnerPageSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) =>
      opsMediaOwnersPage(
        app.deps.database.db,
        request.query.page,
        request.query.page_size,
        request.query.status,
        request.query.q,
      ),
  );

  const decisionResponses = {
    200: mediaOwnerResponseSchema,
    400: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    ...denied,
  };

  app.post(
    '/ops/media-owners/:id/approve',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary: 'Approve a pending media owner (audited; its admins are told); approving again answers it',
        description:
          'An optional `reason`; for a possible duplicate (same GSTIN, PAN or bank account as another owner) ' +
          'the console asks for one, and the audit entry keeps it with the matches.',
        security,
        params: idParamSchema,
        body: opsApproveBodySchema,
        response: decisionResponses,
      },
    },
    async (request) => ({
      data: await decideMediaOwner(deps(), request.user!.id, request.params.id, {
        status: 'approved',
        reason: request.body?.reason || undefined,
      }),
    }),
  );

  app.post(
    '/ops/media-owners/:id/reject',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary:
          'Reject a pending media owner with a reason (audited; its admins are told); rejecting again answers it',
        security,
        params: idParamSchema,
        body: opsRejectBodySchema,
        response: decisionResponses,
      },
    },
    async (request) => ({
      data: await decideMediaOwner(deps(), request.user!.id, request.params.id, {
        status: 'rejected',
        reason: request.body.reason,
      }),
    }),
  );

  app.get(
    '/ops/audit',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary: 'The audit log of operator actions, newest first; by action, entity or actor (id or phone)',
        security,
        querystring: opsAuditQuerySchema,
        response: { 200: auditPageSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) =>
      auditPage(
        app.deps.database.db,
        request.query.page,
        request.query.page_size,
        auditFiltersOf(request.query),
      ),
  );

  app.get(
    '/ops/orders',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary: "Every buyer's orders: filtered, searched, sorted and paged on the server",
        security,
        querystring: opsOrdersQuerySchema,
        response: { 200: opsOrderPageSchema, 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => opsOrdersPage(app.deps.database.db, request.query),
  );

  app.get(
    '/ops/orders/:id',
    {
      onRequest,
      schema: {
        tags: ['ops'],
        summary:
          "One order: buyer, lines with sites, owners, booking statuses and each line's payout, payments",
        security,
        params: idParamSchema,
        response: {
          200: opsOrderDetailResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request) => ({ data: await opsOrderAnswer(app.deps.database.db, request.params.id) }),
  );

  await opsTrustRoutes(app);
}
