import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The servers the journeys run against (playwright.config.ts starts them): one per worker, each on its own
 * port and its own DATA_DIR (a fresh PGlite with the demo catalogue), so journeys on two workers never see
 * each other's data, rate limits or sessions (docs/decisions/071); plus one with the bot check on, for the
 * journey that tests it (e2e/bot-check.spec.ts).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** How many journey workers, each with its server: E2E_WORKERS (default 2). */
export const JOURNEY_SERVERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const JOURNEY_PORTS = Array.from({ length: JOURNEY_SERVERS }, (_, i) => E2E_PORT + i);
/** The server with BOT_CHECK=on, right after the journey servers. */
export const BOT_CHECK_PORT = E2E_PORT + JOURNEY_SERVERS;

export const serverUrl = (port: number) => `http://localhost:${port}`;

/** The runner names the run's data folder once (playwright.config.ts); the workers inherit it. */
export function serverDataDir(port: number): string {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return path.join(root, String(port));
}

/**
 * This worker's journey server: Playwright numbers its live workers 0..workers-1 (TEST_PARALLEL_INDEX, the
 * same number for a worker that replaces a failed one), and worker N uses server N. Read by the config,
 * which each worker loads again, for its `baseURL`.
 */
export function workerPort(): number {
  return JOURNEY_PORTS[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % JOURNEY_SERVERS];
}

/** The port of the server the running test talks to (its project's baseURL), else this worker's. */
export function currentPort(): number {
  let baseURL: string | undefined;
  try {
    baseURL = test.info().project.use.baseURL;
  } catch {
    // Outside a test (module scope): this worker's server.
  }
  return baseURL ? Number(new URL(baseURL).port) : workerPort();
}
