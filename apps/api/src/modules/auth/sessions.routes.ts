import {
  errorResponseSchema,
  idParamSchema,
  sessionIdParamSchema,
  sessionListResponseSchema,
  sessionsEndedResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth, requireOperator } from '../../plugins/auth.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { endOwnSession, endSessions, endUserSessionsAsOperator, listSessions } from './sessions.service.ts';

/** A user's signed-in sessions, and an operator's way to end someone's (docs/decisions/042). */
export async function sessionsRoutes(app: AppInstance): Promise<void> {
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, { session: [] }];
  // 400 and 415: the framework's own answers to a malformed query or an unexpected body.
  const denied = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    415: errorResponseSchema,
  };

  app.get(
    '/auth/sessions',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['auth'],
        summary: "The caller's signed-in sessions, most recently used first; `current` marks this one",
        security,
        response: { 200: sessionListResponseSchema, ...denied },
      },
    },
    async (request) => ({
      data: await listSessions(app.deps, request.user!, request.user!.sessionId),
    }),
  );

  app.delete(
    '/auth/sessions',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every session of the caller ends, this one included',
        security,
        response: { 200: sessionsEndedResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      const ended = await endSessions(app.deps, request.user!.id);
      clearSessionCookie(reply, app.deps.config);
      return { data: { ended } };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ['auth'],
        summary: "End one of the caller's sessions (another user's id answers 404)",
        security,
        params: sessionIdParamSchema,
        response: {
          200: sessionsEndedResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      await endOwnSession(app.deps, request.user!.id, request.params.id);
      if (request.params.id === request.user!.sessionId) clearSessionCookie(reply, app.deps.config);
      return { data: { ended: 1 } };
    },
  );

  app.delete(
    '/ops/users/:id/sessions',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'End every session of a user (their cookies and bearer tokens stop working); audited',
        security,
        params: idParamSchema,
        response: {
          200: sessionsEndedResponseSchema,
          404: errorResponseSchema,
          ...denied,
        },
      },
    },
    async (request) => ({
      data: { ended: await endUserSessionsAsOperator(app.deps, request.user!.id, request.params.id) },
    }),
  );
}
