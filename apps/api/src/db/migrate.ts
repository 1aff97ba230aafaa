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
