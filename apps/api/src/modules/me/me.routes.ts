import {
  consentsResponseSchema,
  eraseAccountBodySchema,
  eraseAccountResponseSchema,
  errorResponseSchema,
  marketingConsentBodySchema,
  personalDataSchema,
  rolesResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { isOperator, requireAuth } from '../../plugins/auth.ts';
import { eraseAccount } from '../../workflows/erase-account.workflow.ts';
import { personalData } from '../../workflows/personal-data.workflow.ts';
import { clearSessionCookie } from '../auth/session-cookie.service.ts';
import { consentsOf, setMarketingConsent } from '../users/consents.service.ts';
import { rolesOf } from './me.service.ts';

/** The signed-in user's own facts that are not the profile: which rooms they may open. */
export async function meRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/me/roles',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['me'],
        summary:
          'Whether the signed-in user is an operator and which media owner (any status) they belong to',
        security: [{ bearer: [] }],
        response: { 200: rolesResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Roles change when an operator decides; never let a browser or proxy keep an old answer.
      reply.header('cache-control', 'no-store');
      const user = request.user!;
      return {
        data: await rolesOf({ db: app.deps.database.db, clock: app.deps.clock }, user, isOperator(app, user)),
      };
    },
  );

  app.get(
    '/me/consents',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['me'],
        summary:
          'The consents of the signed-in person: the sign-in notice accepted (its version) and the separate marketing consent',
        security: [{ bearer: [] }, { session: [] }],
        response: { 200: consentsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await consentsOf(app.deps, request.user!.id) };
    },
  );

  app.post(
    '/me/consents/marketing',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['me'],
        summary:
          'Give or withdraw consent to marketing messages (off until given; withdrawing is the same one step)',
        security: [{ bearer: [] }, { session: [] }],
        body: marketingConsentBodySchema,
        response: {
          200: consentsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await setMarketingConsent(app.deps, request.user!.id, request.body) };
    },
  );

  app.get(
    '/me/data',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['me'],
        summary:
          "Download the signed-in person's data (profile, sessions, orders with lines and amounts, invoice numbers, plans, plan links, holds) as JSON",
        security: [{ bearer: [] }, { session: [] }],
        response: { 200: personalDataSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await personalData(app.deps, request.user!);
      // Personal data: never kept by a browser or proxy; saved as a file rather than shown.
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-disposition',
        `attachment; filename="my-data-${data.exported_at.slice(0, 10)}.json"`,
      );
      return data;
    },
  );

  app.delete(
    '/me',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['me'],
        summary:
          "Erase the signed-in person's account: personal data anonymised, sessions ended; what tax law keeps (invoices, credit notes, payments) stays. 409 while a paid booking has not ended",
        security: [{ bearer: [] }, { session: [] }],
        body: eraseAccountBodySchema,
        response: {
          200: eraseAccountResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await eraseAccount(app.deps, request.user!);
      clearSessionCookie(reply, app.deps.config);
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );
}
