import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_SERVER, SERVER_NODE_FLAGS } from '../../../scripts/lib.mjs';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { testDatabaseUrl, testDbKind } from './test-db.ts';
import { MIGRATED_DUMP } from './test-paths.ts';
import { writeStandInWebBuild } from './web-build.ts';

/**
 * The real server as a child process: the compiled one `npm start` runs (`node apps/api/dist/server.js`,
 * built by the API projects' global setup, test/build-setup.ts), for tests that kill it,
 * restart it or run two of it. Its database outlives it: a PGlite data directory in a temp dir, or a fresh
 * PostgreSQL database (when the api-postgres project runs, TEST_DB=postgres) that several processes share.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** This helper's ports; other suites use other ranges. */
const PORTS = { from: 4200, to: 4299 };
export const TEST_JWT_SECRET = 'process-test-secret-process-test-secret-0123';
/** The sandbox's signing secret of these processes (the public default `sandbox_secret` is refused). */
export const SANDBOX_SECRET = 'process-test-sandbox-secret';
/** The dev outboxes' key of these processes: on PostgreSQL it is no file under DATA_DIR (decision 070). */
export const TEST_DEV_OUTBOX_KEY = 'process-test-dev-outbox-key';

/** Where a server process keeps its data, and how a test reads it between (or, on PostgreSQL, during) runs. */
export interface ProcessStore {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  /**
   * Runs `work` on the database. PGlite is one process's: call this only while no server runs on it
   * (it opens and closes the directory). PostgreSQL: any time.
   */
  withDb<T>(work: (db: Database['db']) => Promise<T>): Promise<T>;
  /** Drops the database and removes the temp dir. */
  destroy(): Promise<void>;
}

/** A fresh, migrated, empty database for server processes, on the project's database kind. */
export async function createProcessStore(): Promise<ProcessStore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ooh-process-'));
  if (testDbKind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'pglite');
    // The migrated dump the global setup made, unpacked into the directory the server will open.
    const seeded = await openDatabase({
      dataDir: pgliteDir,
      loadDataDir: new Blob([readFileSync(MIGRATED_DUMP)]),
    });
    await seeded.close();
    return {
      kind: 'pglite',
      dataDir,
      withDb: async (work) => {
        const database = await openDatabase({ dataDir: pgliteDir });
        try {
          return await work(database.db);
        } finally {
          await database.close();
        }
      },
      destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = testDatabaseUrl();
  const name = `ooh_proc_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await runMigrations(database);
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    withDb: (work) => work(database.db),
    destroy: async () => {
      await database.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export interface ServerProcess {
  url: string;
  /** The dev outboxes' key the process was given (DEV_OUTBOX_KEY). */
  devKey: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** kill -9: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful); resolves with how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port of this helper's range (4200-4299) that nothing listens on right now, picked at random. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${PORTS.from}-${PORTS.to}`);
}

/**
 * Starts the server on `store` with test settings (sandbox payments, console SMS with its dev outbox, no
 * bot check, a fixed JWT secret, X-Forwarded-For trusted so tests can sign many users in without meeting
 * the per-IP limit) plus `env`, and resolves once /api/health answers. Suites running in parallel may
 * pick the same free port: a start that loses the port is retried on another.
 */
export async function startServerProcess(
  store: ProcessStore,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const webDist = path.join(store.dataDir, 'web');
  // The server renders the web app too and refuses to start without a build: a stand-in one.
  writeStandInWebBuild(webDist);
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const fullEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      WEB_DIST: webDist,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      BOT_CHECK: 'off',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_KEY_SECRET: SANDBOX_SECRET,
      JWT_SECRET: TEST_JWT_SECRET,
      DEV_OUTBOX_KEY: TEST_DEV_OUTBOX_KEY,
      TRUST_PROXY: '1',
      ...env,
    };
    if (store.databaseUrl) fullEnv.DATABASE_URL = store.databaseUrl;
    else delete fullEnv.DATABASE_URL;
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, API_SERVER], {
      cwd: ROOT,
      env: fullEnv,
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const url = `http://127.0.0.1:${port}`;
    const up = await waitForHealth(url, child);
    if (up) return handle(url, fullEnv.DEV_OUTBOX_KEY ?? '', child, () => output);
    if (attempt < 5 && output.includes('EADDRINUSE')) continue;
    throw new Error(`the server did not start (exit ${child.exitCode}):\n${output}`);
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  return false;
}

function handle(url: string, devKey: string, child: ChildProcess, output: () => string): ServerProcess {
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    devKey,
    child,
    output,
    kill: async () => {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!gone()) child.kill('SIGTERM');
      const [code, signal] = await exited;
      return { code, signal };
    },
  };
}
