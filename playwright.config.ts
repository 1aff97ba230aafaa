import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys in Debian's Chromium against the real built product: one API process serving the SPA, on a
 * fresh PGlite directory with the demo catalogue. Never downloads a browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Named once, in the runner, and inherited by the workers (which load this file again): the journeys read the
// server's dev key from this directory (e2e/support/dev-key.ts).
process.env.E2E_DATA_DIR ??= path.join(process.cwd(), '.tmp', `e2e-data-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // No retries, in CI too: a journey that passes only on a second try is a failure (decision 041).
  retries: 0,
  failOnFlakyTests: true,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '.tmp/test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
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
    // Saves the browser sessions journeys start from (e2e/auth.setup.ts, docs/decisions/042).
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: { browserName: 'chromium' } },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // What `npm start` runs: the compiled server (built when stale), which SIGTERM stops gracefully.
    command: 'node scripts/start.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      // Every journey signs in from this one machine: more than the 20 codes an hour one address may ask for.
      OTP_SENDS_PER_IP_PER_HOUR: '1000',
      // Likewise for generated files (quotations, plans, invoices): one machine asks for all of them.
      DOCUMENTS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  },
});
