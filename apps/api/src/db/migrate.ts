import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { API_ROOT } from '../lib/paths.ts';
import type { Database } from './client.ts';

/** Read at run time, from the sources also when the compiled server runs (they are SQL, not compiled). */
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'src/db/migrations');

/** Applies every committed migration; runs at start, before the server listens. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // biome-ignore lint/suspicious/noExplicitAny: the migrators each want their own driver's database type
  const db = database.db as any;
  if (database.kind === 'postgres') await migratePg(db, config);
  else await migratePglite(db, config);
}

let latestMigration: number | undefined;
/** The newest committed migration's timestamp (drizzle's `when`, which it records as created_at). */
function latestCommittedMigration(): number {
  if (latestMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    latestMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return latestMigration;
}

/**
 * Whether the database has every migration this build ships (readiness, and MIGRATE=off's refusal to serve
 * an older schema). Drizzle applies in `when` order and records each one's `when`, so the newest recorded
 * one is enough.
 */
export async function schemaIsCurrent(database: Database): Promise<boolean> {
  const result = await database.executeSql(
    `select coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations`,
  );
  const latest = Number((result.rows[0] as { latest: string }).latest);
  return latest >= latestCommittedMigration();
}

/** Whether the migrations table exists at all (a database nobody migrated yet). */
export async function schemaExists(database: Database): Promise<boolean> {
  const result = await database.executeSql(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  return (result.rows[0] as { ok: boolean }).ok;
}
