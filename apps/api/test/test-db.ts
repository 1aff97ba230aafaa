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
  const name = `ooh_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // A copy of the database the setup migrated once: far cheaper than migrating every file's database.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('testTemplateDatabase')}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
