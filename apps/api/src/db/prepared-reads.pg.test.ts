import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-db.ts';
import { POOL_OPTIONS } from './client.ts';
import { Binds, preparedRead, statementName } from './prepared-reads.ts';
import * as schema from './schema.ts';

/**
 * On PostgreSQL a prepared read is a named statement through drizzle's public `.prepare(name)` (decision
 * 067): each connection parses and plans it once, visible in pg_prepared_statements, and answers each
 * execution with its own values. One connection, so every query meets the same session.
 */
describe('prepared reads on PostgreSQL', () => {
  let pool: pg.Pool;

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1, options: POOL_OPTIONS });
  });
  afterAll(() => pool.end());

  it('prepares a read once per connection under its digest name and fills it per execution', async () => {
    const db = drizzle(pool, { schema });
    const read = (n: number) => {
      const b = new Binds();
      const value = b.bind('n', n);
      const made = preparedRead(db, 'test-plus-one', b, () =>
        db.select({ answer: sql<number>`${value}::int + 1` }).from(sql`(values (1)) as v(x)`),
      );
      return made.execute(b.values);
    };
    expect(await read(1)).toEqual([{ answer: 2 }]);
    expect(await read(41)).toEqual([{ answer: 42 }]);
    const { rows } = await pool.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    );
    const ours = rows.filter((r) => r.statement.includes('::int + 1'));
    expect(ours).toHaveLength(1);
    expect(ours[0].name).toBe(statementName(ours[0].statement));
  });

  it('plans each execution for its values (no generic plan after the fifth)', async () => {
    const { rows } = await pool.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(rows[0].plan_cache_mode).toBe('force_custom_plan');
  });
});
