import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app.ts';
import type { AppInstance } from '../src/app-types.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createPaymentProvider } from '../src/modules/payments/create-payment-provider.ts';
import type { PaymentProvider } from '../src/modules/payments/payment-provider.ts';
import { checkAnswersAgainstOpenApi } from './openapi-check.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestContext {
  app: AppInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** Settings for tests: no bot check, silent logs, a fixed JWT secret. Override any with `env`. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'ooh-test-data'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    BOT_CHECK: 'off',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    ...env,
  });
}

/** The app built on a fresh migrated database, not listening: drive it with app.inject. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: Date;
    database?: Database;
    webDist?: string;
    /** Where log lines go (set LOG_LEVEL in env too): tests of what is logged read them here. */
    logStream?: DestinationStream;
    /** Wraps the configured payment provider (a race test holds a refund call until it says go). */
    wrapPayments?: (provider: PaymentProvider) => PaymentProvider;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const clock = new ManualClock(options.now ?? new Date('2026-11-22T06:30:00Z'));
  // webDist: a (stand-in) web build to serve, as `npm start` serves apps/web/dist.
  const config = testConfig(options.webDist ? { ...options.env, WEB_DIST: options.webDist } : options.env);
  const app = await buildApp({
    database,
    config,
    clock,
    serveWeb: options.webDist !== undefined,
    logStream: options.logStream,
    ...(options.wrapPayments
      ? { payments: options.wrapPayments(createPaymentProvider(config, database.db)) }
      : {}),
  });
  await app.ready();
  // Every answer the test receives is checked against the OpenAPI document (decision 041).
  checkAnswersAgainstOpenApi(app);
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
