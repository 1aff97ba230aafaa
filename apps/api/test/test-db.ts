import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { MIGRATED_DUMP } from './test-paths.ts';

/** Which database this test project runs on: set per vitest project (TEST_DB=pglite|postgres). */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

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
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ooh_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await runMigrations(database);
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
