import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see: the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** What a LISTEN subscriber is told: a notice's payload, or that notices may have been missed. */
export interface ChangeListener {
  onNotice(payload: string): void;
  /** The listening connection was lost and is back: anything may have changed meanwhile. */
  onGap(): void;
}

export interface Database {
  db: Db;
  kind: DbKind;
  /** LISTEN on a channel; NOTIFY from any process on the same database reaches it after commit. */
  listen(channel: string, listener: ChangeListener): Promise<() => Promise<void>>;
  /**
   * Runs `work` holding the start-up lock, so processes starting together on one empty database migrate
   * and seed one after another. PostgreSQL: a session advisory lock on a connection of its own (migrations
   * are not one transaction, so a transaction lock would not cover them), released when `work` ends.
   * PGlite: a data directory belongs to one process, so `work` simply runs.
   */
  whileLocked<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Raw SQL for libraries that bring their own statements (the job queue, pg-boss's `db` option): with
   * values one parameterised statement, without them any number of statements (the last one's rows).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (migrations, demo seed); any fixed number no other lock uses. */
export const STARTUP_LOCK_KEY = 7_260_418_001;

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite persisted in dataDir (or in memory without one). */
  url?: string;
  dataDir?: string;
  /** A PGlite data directory dump (tar) to start from: tests load a migrated one instead of migrating. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

/**
 * Connection settings of the PostgreSQL pool: plan each execution of a named (prepared) statement for its
 * own values. After five executions PostgreSQL may switch a named statement to a generic plan, which for
 * reads whose best plan depends on the values (free for dates, a box) was 8-23 % slower in throughput at
 * 100,000 sites (decision 051); parsing is still saved. The catalogue's hot reads are named by drizzle's
 * own `.prepare(name)` (prepared-reads.ts, decision 067).
 */
export const POOL_OPTIONS = '-c plan_cache_mode=force_custom_plan';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: POOL_OPTIONS,
    });
    // A pool error on an idle client must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db: Db = drizzlePg(pool, { schema });
    const url = options.url;
    return {
      db,
      kind: 'postgres',
      listen: (channel, listener) => listenPostgres(url, channel, listener),
      whileLocked: (work) => whileLockedPostgres(url, work),
      executeSql: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        // A multi-statement text answers one result per statement.
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { btree_gist, pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    listen: async (channel, listener) => {
      // PGlite is one process: notices arrive on the same instance, synchronously after the commit.
      const unlisten = await client.listen(channel, (payload) => listener.onNotice(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    whileLocked: (work) => work(),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    // Exposed for tests that snapshot a migrated database.
    ...({ pglite: client } as object),
  };
}

/**
 * One line naming why the server cannot reach DATABASE_URL, with host, port and database but never the
 * user's password: a driver's own error would surface later as "Failed query: CREATE SCHEMA ...".
 */
export function connectionProblem(url: string, err: unknown): string {
  let where = 'an unreadable address';
  try {
    const u = new URL(url);
    where = `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {}
  const e = err as { code?: unknown; message?: unknown };
  // Network failures carry a system code (ECONNREFUSED, ENOTFOUND); the server's refusals (wrong
  // password, no such database) a SQLSTATE and a readable message that never includes the password.
  const system = typeof e?.code === 'string' && /^E[A-Z]+$/.test(e.code) ? e.code : undefined;
  const reason = system ?? (typeof e?.message === 'string' && e.message ? e.message : String(err));
  return `Cannot connect to the database at DATABASE_URL (${where}): ${reason}`;
}

async function whileLockedPostgres<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    // The first connection a start makes: its failure is the one to explain.
    await client.connect();
  } catch (err) {
    throw new Error(connectionProblem(url, err));
  }
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock too; unlocking first frees it even if end() is slow.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * A dedicated connection (outside the pool) kept LISTENing; when it drops, it reconnects with backoff and
 * reports a gap, since notices sent while it was away are lost.
 */
async function listenPostgres(
  url: string,
  channel: string,
  listener: ChangeListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => listener.onNotice(message.payload ?? ''));
    const lost = () => {
      next.removeAllListeners('end');
      next.on('error', () => {});
      if (client === next) client = undefined;
      if (!stopped) schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
    retryMs = 500;
  };
  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await connect();
        listener.onGap();
      } catch {
        retryMs = Math.min(retryMs * 2, 10_000);
        schedule();
      }
    }, retryMs);
    timer.unref();
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    throw err;
  }
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
