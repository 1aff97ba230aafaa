import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAndSeed } from '../bootstrap.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { DEMO_SITES } from '../db/seed/seed.ts';

/**
 * Issue 10: processes starting together on an EMPTY PostgreSQL database. Each start migrates and seeds
 * through its own pool and its own lock connection, exactly as separate server processes do; without the
 * start-up lock one of them failed on CREATE EXTENSION or the migrations table. All three must succeed, and
 * the schema and the demo catalogue must exist once. PostgreSQL only (*.pg.test.ts).
 */
const STARTS = 3;
const base = process.env.TEST_DATABASE_URL ?? '';
const name = `ooh_start_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
const url = new URL(base);
url.pathname = `/${name}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const opened: Database[] = [];
beforeAll(() => admin(`CREATE DATABASE ${name}`));
afterAll(async () => {
  for (const d of opened) await d.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('starting several processes at once on an empty PostgreSQL', () => {
  it('migrates and seeds once while all three starts succeed', async () => {
    for (let i = 0; i < STARTS; i += 1) opened.push(await openDatabase({ url: url.toString(), poolSize: 4 }));

    const outcomes = await Promise.allSettled(opened.map((d) => migrateAndSeed(d, 'demo')));

    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
      const migrations = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      const products = await check.query('select count(*)::int as n from products');
      expect(products.rows[0].n).toBe(DEMO_SITES);
      const seeds = await check.query(`select count(*)::int as n from app_meta where key = 'seed'`);
      expect(seeds.rows[0].n).toBe(1);
      const extensions = await check.query(
        `select count(*)::int as n from pg_extension where extname in ('btree_gist', 'pg_trgm')`,
      );
      expect(extensions.rows[0].n).toBe(2);
      // The lock is released once the starts are done: a fourth start takes it at once.
      const held = await check.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(held.rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
  }, 120_000);
});
