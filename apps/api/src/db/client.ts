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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite persisted in dataDir (or in memory without one). */
  url?: string;
  dataDir?: string;
  /** A PGlite data directory dump (tar) to start from: tests load a migrated one instead of migrating. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A pool error on an idle client must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = options.url;
    return {
      db,
      kind: 'postgres',
      listen: (channel, listener) => listenPostgres(url, channel, listener),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { btree_gist, pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
    close: async () => {
      if (!client.closed) await client.close();
    },
    // Exposed for tests that snapshot a migrated database.
    ...({ pglite: client } as object),
  };
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
