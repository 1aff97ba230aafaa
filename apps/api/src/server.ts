import { bootstrap } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startHoldSweeper } from './modules/bookings/hold-sweeper.ts';
import { startPaymentReconciler } from './modules/payments/reconciliation.service.ts';

/** Listens, and on SIGTERM/SIGINT stops taking connections, answers what is in flight, then closes the database. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  const { app, database } = await bootstrap(config);
  // Expires unpaid orders once their 15-minute hold lapses; unref'd, so it never keeps the process up.
  const sweeper = startHoldSweeper(database.db, app.deps.clock, app.log);
  // Asks the provider about unpaid orders, at once and then periodically, so a payment whose confirm and
  // webhook were lost (a crash, no webhook secret) still confirms its booking (docs/decisions/009).
  const reconciler =
    config.reconcileIntervalMs > 0
      ? startPaymentReconciler(app.deps, app.log, config.reconcileIntervalMs)
      : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    sweeper.stop();
    await reconciler?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `AdSpace India is up on http://localhost:${port} (${database.kind}, ready in ${Date.now() - started} ms)`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
