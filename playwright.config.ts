import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BOT_CHECK_PORT, JOURNEY_PORTS, serverDataDir, serverUrl, workerPort } from './e2e/support/servers';

/**
 * Journeys in Debian's Chromium against the real built product. One server per worker (E2E_WORKERS, default
 * 2), each on its own port with its own fresh PGlite directory and the demo catalogue, so a journey never
 * meets another worker's data; and one more with the bot check on for e2e/bot-check.spec.ts (the journey
 * servers run with BOT_CHECK=off). Never downloads a browser. docs/decisions/071.
 */
const isRunner = !process.env.TEST_WORKER_INDEX;
// Named once, in the runner, and inherited by the workers (which load this file again): the journeys read
// each server's dev key from its directory under this one (e2e/support/dev-key.ts).
process.env.E2E_DATA_DIR ??= path.join(process.cwd(), '.tmp', `e2e-data-${Date.now()}`);
if (isRunner && !process.env.E2E_BUILT) {
  // Built once here when stale, before the servers start: several `npm start`s would each build at once.
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const l = await import('./scripts/lib.mjs'); if (l.webBuildIsStale()) await l.buildWeb(); if (l.apiBuildIsStale()) await l.buildApi();",
    ],
    { stdio: 'inherit' },
  );
  process.env.E2E_BUILT = '1';
}

/** What `npm start` runs: the compiled server, which SIGTERM stops gracefully. */
function server(port: number, env: Record<string, string>) {
  return {
    command: 'node scripts/start.mjs',
    url: `${serverUrl(port)}/api/health`,
    reuseExistingServer: false,
    // Three servers start at once, seeding their catalogues, on a machine that may be busy.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir(port),
      // Every journey signs in from this one machine: more than the 20 codes an hour one address may ask for.
      OTP_SENDS_PER_IP_PER_HOUR: '1000',
      // Likewise for generated files (quotations, plans, invoices): one machine asks for all of them.
      DOCUMENTS_PER_HOUR: '1000',
      // And for the catalogue's expensive reads (searches, free for dates), limited per address.
      EXPENSIVE_READS_PER_IP_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // A file's journeys run in order on one worker; files spread over the workers, each with its server.
  fullyParallel: false,
  workers: JOURNEY_PORTS.length,
  // No retries, in CI too: a journey that passes only on a second try is a failure (decision 041).
  retries: 0,
  failOnFlakyTests: true,
  timeout: 90_000,
  // A ceiling, not a measure: two browsers, three servers and vitest share two cores (decision 071); at 10 s
  // a list still "Loading sites…" failed on a loaded machine.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  outputDir: '.tmp/test-results',
  use: {
    // This worker's own server (e2e/support/servers.ts): workers load this file again, each with its index.
    baseURL: serverUrl(workerPort()),
    // A failed journey keeps its trace (actions, DOM snapshots, network, console) but not the screencast:
    // recording frames of every journey, kept only for the few that fail, cost the busy cores (decision 071).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    // Saves the browser sessions journeys start from, on every journey server (e2e/auth.setup.ts, decision 042).
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: { browserName: 'chromium' } },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: /(bot-check|seller-settings)\.spec\.ts$/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'bot-check',
      // Its server also names a seller other than the defaults: seller-settings.spec.ts reads it.
      testMatch: /(bot-check|seller-settings)\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        baseURL: serverUrl(BOT_CHECK_PORT),
      },
    },
  ],
  webServer: [
    // The journeys' servers: the bot check off (proved by the one server below), the demo catalogue.
    ...JOURNEY_PORTS.map((port) => server(port, { SEED: 'demo', BOT_CHECK: 'off' })),
    server(BOT_CHECK_PORT, {
      SEED: 'none',
      BOT_CHECK: 'on',
      COMPANY_NAME: 'Hoarding Bharat Media LLP',
      COMPANY_EMAIL: 'hello@hoardingbharat.example',
    }),
  ],
});
