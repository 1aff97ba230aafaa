import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { testDbKind } from '../../../test/test-db.ts';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers ok with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDbKind, version: '0.1.0' });
  });

  it('answers unknown API paths with a 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});

describe('GET /api/health during a database outage', () => {
  it('answers 503 with the reason in the error shape, not a 500', async () => {
    const ctx = await createTestApp();
    try {
      // The database goes away under the running app (PGlite closed; on PostgreSQL the pool ended).
      await ctx.database.close();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'database_unavailable', message: 'The database does not answer.' },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await ctx.app.close();
    }
  });
});

describe('GET /api/health/ready while the schema is behind or the database is gone', () => {
  it('answers 503 migrations_pending when the newest migration is missing, live stays ok', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.database.executeSql(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([ready.statusCode, ready.json().error.code]).toEqual([503, 'migrations_pending']);
      const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 database_unavailable when the database is gone, live stays ok', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.database.close();
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([ready.statusCode, ready.json().error.code]).toEqual([503, 'database_unavailable']);
      const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await ctx.app.close();
    }
  });
});
