import { errorResponseSchema, rolesResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { isOperator, requireAuth } from '../../plugins/auth.ts';
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
}
