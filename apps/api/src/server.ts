import type { AppInstance } from './app-types.ts';
import { bootstrap, migrateOnly } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir, makeOwnerOnly } from './lib/data-dir.ts';
import { startBackgroundJobs } from './modules/jobs/background-jobs.ts';
import { devMailOutboxEnabled } from './modules/mail/mail.service.ts';
import { devOutboxEnabled } from './modules/sms/sms.service.ts';
import { SHUTDOWN_FORCE_EXIT_MS, stopAccepting } from './plugins/drain.ts';

/** Listens, and on SIGTERM/SIGINT stops taking connections, answers what is in flight, then closes the database. */
async function main(): Promise<void> {
  // Everything this process writes under DATA_DIR (PGlite's files, uploads, secrets) is the owner's only.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  let releaseLock: (() => void) | undefined;
  try {
    config = loadConfig();
    // One process per embedded database (docs/product-rules.md section 1); PostgreSQL serves several.
    if (!config.databaseUrl) releaseLock = lockDataDir(config.dataDir);
    makeOwnerOnly(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (releaseLock) process.on('exit', releaseLock);
  // `npm run migrate` (the deployment's one-off job, decision 070): migrate, seed, keep the secrets, exit.
  if (process.argv.includes('--migrate')) {
    await migrateOnly(config);
    console.log('Migrations applied; the database is ready for replicas started with MIGRATE=off.');
    process.exit(0);
  }
  const started = Date.now();
  const { app, database } = await bootstrap(config);
  // Again once the database is open: PGlite's WASM file system ignores the umask for what it creates.
  makeOwnerOnly(config.dataDir);
  // Background work on the PostgreSQL-backed job queue (docs/decisions/028): expiring holds, payment
  // reconciliation (docs/decisions/009), completing lines, reminders, delivering notifications. Several
  // processes share it: each recurring job runs once per interval among them.
  const jobs = config.jobs ? await startBackgroundJobs(app) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_FORCE_EXIT_MS);
    force.unref();
    // The listener first, before any answer says "Connection: close": a client that connects again is
    // refused instead of being queued and reset (plugins/drain.ts).
    await stopAccepting(app);
    await jobs?.stop().catch((err) => app.log.error({ err }, 'job queue did not stop cleanly'));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const role = config.role === 'all' ? '' : `, ROLE=${config.role}`;
  app.log.info(
    `AdSpace India is up on http://localhost:${port} (${database.kind}${role}, ready in ${Date.now() - started} ms)`,
  );
  printDevOutboxLinks(app, port);
}

/**
 * The dev outboxes answer only with the key of DATA_DIR/dev-outbox-key (docs/product-rules.md section 1): the person who
 * ran `npm start` gets their links here, with the key in them, like Jupyter's token. Printed to stdout,
 * not through the logger, so it never reaches a log collector as a field.
 */
function printDevOutboxLinks(app: AppInstance, port: number): void {
  const { config, sms, mail } = app.deps;
  if (!config.devKey) return;
  const base = `http://localhost:${port}/api/dev`;
  const key = encodeURIComponent(config.devKey);
  if (devOutboxEnabled(config, sms)) {
    console.log(`Sign-in codes (dev SMS outbox): ${base}/sms-outbox?key=${key}&phone_number=`);
  }
  if (devMailOutboxEnabled(config, mail)) {
    console.log(`Emails (dev mail outbox): ${base}/mail-outbox?key=${key}&to=`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
