import path from 'node:path';
import type { DestinationStream } from 'pino';
import { buildApp } from './app.ts';
import type { AppInstance } from './app-types.ts';
import { type Config, ConfigError } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations, schemaExists, schemaIsCurrent } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { resolveSharedSecrets } from './modules/secrets/secrets.service.ts';
import { createFileStorage } from './modules/storage/create-storage.ts';
import type { FileStorage } from './modules/storage/file-storage.ts';

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: path.join(config.dataDir, 'pglite') },
  );
}

/**
 * Opens the database named by the settings, migrates it (unless MIGRATE=off, which instead demands a
 * current schema), loads the demo catalogue once, reads the shared secrets, builds the app of ROLE.
 */
export async function bootstrap(
  config: Config,
  /** Where the log goes (standard output unless a test reads it). */
  logStream?: DestinationStream,
): Promise<{ app: AppInstance; database: Database }> {
  const database = await openConfiguredDatabase(config);
  try {
    // One store for the app and the seed (the demo order's creatives are files).
    const storage = await createFileStorage(config);
    if (config.migrate)
      await migrateAndSeed(database, config.seed, storage, config.commissionPercent, config.company.gstin);
    else await refuseOlderSchema(database);
    const resolved = await resolveSharedSecrets(database, config);
    const app = await buildApp({
      database,
      config: resolved,
      serveWeb: config.role !== 'worker',
      storage,
      logStream,
    });
    return { app, database };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

/**
 * `npm run migrate` (a one-off job before replicas started with MIGRATE=off): migrations, the demo seed
 * when SEED=demo, and the shared secrets generated once, so the replicas that follow only read them.
 */
export async function migrateOnly(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  try {
    const storage = await createFileStorage(config);
    await migrateAndSeed(database, config.seed, storage, config.commissionPercent, config.company.gstin);
    await resolveSharedSecrets(database, config);
  } finally {
    await database.close();
  }
}

/** MIGRATE=off: a replica never changes the schema, and never serves one older than its build. */
async function refuseOlderSchema(database: Database): Promise<void> {
  if (!(await schemaExists(database)) || !(await schemaIsCurrent(database))) {
    throw new ConfigError(
      'Setting MIGRATE=off: the database schema is older than this build; run `npm run migrate` (the migrate job) first',
    );
  }
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
  marketplaceGstin?: string,
): Promise<void> {
  await database.whileLocked(async () => {
    await runMigrations(database);
    if (seed === 'demo') await seedIfEmpty(database.db, { storage, commissionPercent, marketplaceGstin });
  });
}
