import { errorResponseSchema, healthResponseSchema, probeResponseSchema } from '@ooh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { schemaIsCurrent } from '../../db/migrate.ts';

const VERSION = '0.1.0';

export async function healthRoutes(app: AppInstance): Promise<void> {
  const unavailable = (reply: FastifyReply, code: string, message: string) =>
    reply.status(503).header('cache-control', 'no-store').send({ error: { code, message } });

  /** Whether the database answers; an outage is logged (the driver's message can name hosts and users). */
  const databaseAnswers = async (request: FastifyRequest) => {
    try {
      await app.deps.database.db.execute('select 1');
      return true;
    } catch (err) {
      request.log.error({ err }, 'health: the database does not answer');
      return false;
    }
  };

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
      // An outage is the answer a health check exists for: 503 with the reason, not a 500 (issue 20).
      if (!(await databaseAnswers(request))) {
        return unavailable(reply, 'database_unavailable', 'The database does not answer.');
      }
      return { status: 'ok' as const, database: app.deps.database.kind, version: VERSION };
    },
  );

  // DESIGN 21: the probes of a process manager or an orchestrator. Live asks nothing of the database, so a
  // database outage takes replicas out of the load balancer (ready) without restarting them all (live).
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'The process runs (liveness probe)',
        response: { 200: probeResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready for traffic: the database answers, its schema is current, not shutting down',
        response: { 200: probeResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (app.draining()) return unavailable(reply, 'draining', 'This process is shutting down.');
      // One query when all is well (it answers both questions): on PGlite, which runs one query at a time,
      // each query of a probe waits behind the catalogue read in flight (decision 070).
      const current = await schemaIsCurrent(app.deps.database).catch(() => undefined);
      if (current === undefined && !(await databaseAnswers(request))) {
        return unavailable(reply, 'database_unavailable', 'The database does not answer.');
      }
      if (!current) {
        return unavailable(reply, 'migrations_pending', 'The database schema is older than this build.');
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
}
