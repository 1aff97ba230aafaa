import { errorResponseSchema, healthResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database kind',
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.deps.database.db.execute('select 1');
      } catch (err) {
        // An outage is the answer a health check exists for: 503 with the reason, not a 500 (issue 20).
        // The driver's message stays in the log; it can name hosts and users.
        request.log.error({ err }, 'health: the database does not answer');
        return reply.status(503).send({
          error: { code: 'database_unavailable', message: 'The database does not answer.' },
        });
      }
      return { status: 'ok' as const, database: app.deps.database.kind, version: '0.1.0' };
    },
  );
}
