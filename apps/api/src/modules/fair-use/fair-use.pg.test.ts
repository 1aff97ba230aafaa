import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * Issue 46 on PostgreSQL: the per-IP limit is counted in the database, so two replicas on one database
 * share it; a catalogue read past the statement timeout is cancelled and answers 503 with Retry-After.
 */
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  const env = { EXPENSIVE_READS_PER_IP_PER_MINUTE: '3', CATALOGUE_STATEMENT_TIMEOUT_MS: '1000' };
  a = await createTestApp({ env });
  b = await createTestApp({ env, database: a.database });
});
afterAll(async () => {
  await b.app.close();
  await a.close();
});

describe('two replicas on one PostgreSQL', () => {
  it('count one address together: the fourth search, on either, answers 429', async () => {
    const search = (ctx: TestContext, word: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/product/?search=${word}`, remoteAddress: '10.46.3.1' });
    expect((await search(a, 'one')).statusCode).toBe(200);
    expect((await search(b, 'two')).statusCode).toBe(200);
    expect((await search(a, 'three')).statusCode).toBe(200);
    const refused = await search(b, 'four');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the statement timeout of catalogue reads', () => {
  it('cancels a read that runs too long with a 503 and Retry-After, and the next read runs', async () => {
    const slow = a.app.catalogueReads.run((db) => db.execute(sql`select pg_sleep(3)`));
    const err = await slow.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(503);
    expect((err as HttpError).headers?.['retry-after']).toBe('2');
    const fast = await a.app.catalogueReads.run((db) => db.execute(sql`select 1 as one`));
    expect((fast as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });
});
