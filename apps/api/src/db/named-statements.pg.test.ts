import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-db.ts';
import { NAMED_STATEMENT_OPTIONS, nameRepeatedReads } from './named-statements.ts';

/**
 * The pool's reads run as named statements (decision 051): PostgreSQL keeps each one prepared on the
 * connection, visible in pg_prepared_statements. One connection, so every query meets the same session.
 */
describe('named statements on PostgreSQL', () => {
  let pool: pg.Pool;
  const prepared = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1, options: NAMED_STATEMENT_OPTIONS });
    nameRepeatedReads(pool, 2);
    await pool.query('create temporary table named_rows (n int)');
  });
  afterAll(() => pool.end());

  it('prepares a drizzle read once per connection and answers it again from the prepared statement', async () => {
    const db = drizzle(pool);
    const read = (n: number) => db.execute(sql`select ${n}::int + 1 as answer`);
    expect((await read(1)).rows).toEqual([{ answer: 2 }]);
    expect((await read(41)).rows).toEqual([{ answer: 42 }]);
    const texts = await prepared();
    expect(texts.filter((t) => t === 'select $1::int + 1 as answer')).toHaveLength(1);
  });

  it('plans each execution for its values (no generic plan after the fifth)', async () => {
    const { rows } = await pool.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(rows[0].plan_cache_mode).toBe('force_custom_plan');
  });

  it('names no write, and stops naming new texts at its limit (the rest run as before)', async () => {
    await pool.query({ text: 'insert into named_rows values ($1)', values: [1] });
    // The limit is 2: the drizzle read above and the count here; the third text runs unnamed.
    await pool.query({ text: 'select count(*)::int as n from named_rows' });
    const beyond = await pool.query<{ n: number }>({ text: 'select max(n)::int as n from named_rows' });
    expect(beyond.rows).toEqual([{ n: 1 }]);
    const texts = await prepared();
    expect(texts.some((t) => t.startsWith('insert'))).toBe(false);
    expect(texts).toContain('select count(*)::int as n from named_rows');
    expect(texts).not.toContain('select max(n)::int as n from named_rows');
  });
});
