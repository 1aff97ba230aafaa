import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import type { Database } from '../db/client.ts';
import { registerErrorHandler } from './error-handler.ts';

/**
 * The last line of defence behind the schemas: a value PostgreSQL refuses as data (SQLSTATE class 22) is
 * the client's input, so it answers 400 in our shape, without the driver's words; anything else stays 500.
 */
describe('error handler and database data errors', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    const queries: Record<string, ReturnType<typeof sql>> = {
      nul: sql`select ${'a\u0000b'}::text as v`,
      'not-a-number': sql`select ${'abc'}::int as v`,
      'out-of-range': sql`select ${'99999999999'}::int as v`,
      'bad-date': sql`select ${'2026-02-30'}::date as v`,
      'division-by-zero': sql`select 1 / (select 0) as v`,
      'no-such-table': sql`select * from no_such_table`,
    };
    app.get<{ Params: { name: string } }>('/:name', async (request) => {
      await database.db.execute(queries[request.params.name]);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['nul', 'not-a-number', 'out-of-range', 'bad-date', 'division-by-zero'])(
    'answers a data error (%s) with 400 and the error shape',
    async (name) => {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'bad_request', message: 'A value in the request cannot be stored or searched for.' },
      });
    },
  );

  it('still answers any other database failure with a 500 that says nothing of the driver', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-table' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  });
});
