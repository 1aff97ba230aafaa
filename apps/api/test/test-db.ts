import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { MIGRATED_DUMP } from './test-paths.ts';

/** Which database this test project runs on: set per vitest project (TEST_DB=pglite|postgres). */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * The PostgreSQL server of the api-postgres project: TEST_DATABASE_URL, or the embedded server its global
 * setup started (test/postgres-setup.ts). An admin URL: tests create and drop their own databases on it.
 */
export function testDatabaseUrl(): string {
  const url = inject('testDatabaseUrl');
  if (!url)
    throw new Error('TEST_DB=postgres runs in the api-postgres project, whose setup provides the server');
  return url;
}

/**
 * A fresh, migrated, empty database for one test file (or one test). On PostgreSQL each gets its own
 * uniquely named database, dropped on close, so what an earlier run left behind never matters.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'postgres') return createPostgresDatabase();
  const dump = new Blob([readFileSync(MIGRATED_DUMP)]);
  return openDatabase({ loadDataDir: dump });
}

async function createPostgresDatabase(): Promise<Database> {
  const base = testDatabaseUrl();
  const prefix = inject('testDatabasePrefix');
  const name = `${prefix}_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await claimReadyCopy(admin, prefix, name);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      // Dropped by the setup in the background (test/postgres-setup.ts): a DROP DATABASE forces a
      // checkpoint, seconds on a busy server with fsync on. Dropped here when something still holds it.
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      try {
        await cleanup.query(`ALTER DATABASE ${name} RENAME TO ${name.replace('_test_', '_done_')}`);
      } catch {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * A copy of the migrated template under `name`: one of the copies the setup keeps ready (claimed by
 * renaming it: a rename succeeds for one file only), else made here (CREATE DATABASE ... TEMPLATE, far
 * cheaper than migrating every file's database).
 */
async function claimReadyCopy(admin: pg.Client, prefix: string, name: string): Promise<void> {
  const ready = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname',
    [`${prefix}\\_ready\\_%`],
  );
  for (const { datname } of ready.rows) {
    try {
      await admin.query(`ALTER DATABASE ${datname} RENAME TO ${name}`);
      return;
    } catch {
      // Another worker's file took it first (or the setup is dropping it at the end): try the next.
    }
  }
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('testTemplateDatabase')}`);
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
}

/** One statement on the server at `connectionString`, on a connection of its own. */
export async function queryOnce(connectionString: string, text: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * An empty, unmigrated database on the test server, named once (`ooh_<label>_…`), for tests that start the
 * product's own processes on it (migrate, bootstrap): its URL, and the ways to create and drop it.
 */
export function scratchDatabase(label: string) {
  const base = testDatabaseUrl();
  const name = `ooh_${label}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => queryOnce(base, `CREATE DATABASE ${name}`),
    drop: () => queryOnce(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
