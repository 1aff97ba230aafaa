import path from 'node:path';
import { buildApp } from './app.ts';
import type { AppInstance } from './app-types.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { resolveSharedSecrets } from './modules/secrets/secrets.service.ts';
import { createFileStorage } from './modules/storage/create-storage.ts';
import type { FileStorage } from './modules/storage/file-storage.ts';

/** Opens the database named by the settings, migrates it, loads the demo catalogue once, builds the app. */
export async function bootstrap(config: Config): Promise<{ app: AppInstance; database: Database }> {
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  // One store for the app and the seed (the demo order's creatives are files).
  const storage = await createFileStorage(config);
  await migrateAndSeed(database, config.seed, storage, config.commissionPercent);
  const resolved = await resolveSharedSecrets(database, config);
  const app = await buildApp({ database, config: resolved, serveWeb: true, storage });
  return { app, database };
}

/**
 * Migrations, then the demo catalogue on an empty one, under the start-up lock: several processes starting
 * at the same moment on an empty PostgreSQL would otherwise race on CREATE EXTENSION and the migrations
 * table. A process that waited finds the work done and changes nothing.
 */
export async function migrateAndSeed(
  database: Database,
  seed: Config['seed'],
  storage?: FileStorage,
  commissionPercent?: number,
): Promise<void> {
  await database.whileLocked(async () => {
    await runMigrations(database);
    if (seed === 'demo') await seedIfEmpty(database.db, { storage, commissionPercent });
  });
}
