import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-db.ts';
import { writeStandInWebBuild } from '../../test/web-build.ts';
import type { AppInstance } from '../app-types.ts';
import { bootstrap } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { DEMO_PENDING_SITES, DEMO_SITES } from '../db/seed/seed.ts';

/**
 * Issue 10: processes starting together on an EMPTY PostgreSQL database. Each start (the server's
 * bootstrap) opens its own pool and its own lock connection, exactly as separate server processes do; without the
 * start-up lock one of them failed on CREATE EXTENSION or the migrations table. All three must succeed, and
 * the schema and the demo catalogue must exist once. PostgreSQL only (*.pg.test.ts).
 */
const STARTS = 3;
const base = testDatabaseUrl();
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

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-concurrent-start-'));
const started: Array<{ app: AppInstance; database: Database }> = [];
beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  // The server renders the web app too and refuses to start without a build: a stand-in one.
  writeStandInWebBuild(dataDir);
});
afterAll(async () => {
  for (const s of started) {
    await s.app.close();
    await s.database.close();
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('starting several processes at once on an empty PostgreSQL', () => {
  it('migrates and seeds once while all three starts succeed', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '4',
      SEED: 'demo',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'concurrent-start-secret-concurrent-start-0123',
    });

    const outcomes = await Promise.allSettled(Array.from({ length: STARTS }, () => bootstrap(config)));

    for (const o of outcomes) if (o.status === 'fulfilled') started.push(o.value);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
      const migrations = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      const products = await check.query('select count(*)::int as n from products');
      expect(products.rows[0].n).toBe(DEMO_SITES + DEMO_PENDING_SITES);
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
