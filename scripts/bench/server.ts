import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeStandInWebBuild } from '../../apps/api/test/web-build.ts';
import { API_SERVER, apiBuildIsStale, buildApi, SERVER_NODE_FLAGS, WEB_DIST_INDEX } from '../lib.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ApiServer {
  url: string;
  /**
   * The dev key the bench gave the server (DEV_OUTBOX_KEY): only a request carrying it (`x-dev-key`) may
   * make the catalogue cache answer from the database (the "uncached" rows; docs/decisions/040).
   */
  devKey: string;
  /** The server process, for untilIdle (autocannon.ts). */
  pid: number;
  stop(): Promise<void>;
}

/** The compiled API, rebuilt first when stale as `npm start` does, so the server measured is this checkout's. */
export async function compiledApi(): Promise<string> {
  if (apiBuildIsStale()) await buildApi();
  return API_SERVER;
}

/**
 * Starts the real server as a child process, as `npm start` runs it (the compiled API with
 * SERVER_NODE_FLAGS, not TypeScript through tsx), and waits until /api/health answers.
 */
export async function startApi(options: {
  port: number;
  jwtSecret: string;
  dataDir: string;
  databaseUrl?: string;
  /** The server's stdout and stderr go here, so its warnings do not break up the table. */
  logFile: string;
  /** More settings (the starvation bench's WEB_DIST and limits). */
  env?: Record<string, string>;
}): Promise<ApiServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    BOT_CHECK: 'off',
    PAYMENT_PROVIDER: 'sandbox',
    JWT_SECRET: options.jwtSecret,
    // Known to the bench on PostgreSQL too, where a generated key would live in the database.
    DEV_OUTBOX_KEY: randomBytes(24).toString('base64url'),
    DATABASE_POOL_SIZE: '20',
    ...options.env,
  };
  // The API's cells need no real web app: without a build (npm run build) the server renders the tests'
  // stand-in pages rather than refusing to start.
  if (!env.WEB_DIST && !existsSync(WEB_DIST_INDEX)) {
    env.WEB_DIST = path.join(os.tmpdir(), 'ooh-bench-stand-in-web');
    writeStandInWebBuild(env.WEB_DIST);
  }
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const server = await compiledApi();
  // BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under the bench's load.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), server],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', openSync(options.logFile, 'w'), openSync(options.logFile, 'a')],
    },
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor(`${url}/api/health`, child);
  const devKey = env.DEV_OUTBOX_KEY!;
  return { url, devKey, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stopChild(child);
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process is gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
