import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { HttpError, sqlState } from '../../lib/errors.ts';

/** Seconds a client is asked to wait before trying a refused catalogue read again. */
export const CATALOGUE_RETRY_AFTER_SECONDS = 2;

const busy = (message: string) =>
  new HttpError(503, 'catalogue_busy', message, undefined, {
    'retry-after': String(CATALOGUE_RETRY_AFTER_SECONDS),
  });

export interface CatalogueReads {
  /** Runs one catalogue read (a cache miss): bounded in time on PostgreSQL, in a bounded queue on PGlite. */
  run<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

/**
 * DESIGN 21, fair under load. PostgreSQL: each read runs in a transaction with SET LOCAL statement_timeout,
 * and a read that trips it answers 503 with Retry-After instead of holding a connection. PGlite runs one
 * query at a time, so catalogue reads go one by one through a queue of at most `queueMax` waiting; past
 * that they answer 503 with Retry-After at once. Everything else (health, sign-in, a signed-in page)
 * then waits behind at most the one catalogue read in flight, never behind all of them.
 */
export function createCatalogueReads(
  database: Database,
  options: { statementTimeoutMs: number; queueMax: number },
): CatalogueReads {
  if (database.kind === 'postgres') {
    const timeout = sql.raw(`set local statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`);
    return {
      run: async (work) => {
        if (options.statementTimeoutMs <= 0) return work(database.db);
        try {
          return await database.db.transaction(async (tx) => {
            await tx.execute(timeout);
            return work(tx as unknown as Db);
          });
        } catch (err) {
          // 57014 query_canceled: the statement timeout tripped.
          if (sqlState(err) === '57014') throw busy('This search took too long; try again in a moment.');
          throw err;
        }
      },
    };
  }
  let running = false;
  const waiting: Array<() => void> = [];
  // PGlite runs each query on this thread. Handing the turn to the next waiting read at once (a resolved
  // promise, a microtask) would chain every queued read without the event loop ever reading a socket: a
  // readiness probe, a sign-in or a new search (which should get its 503) would wait for the whole queue.
  // One event-loop turn between reads lets them in: their queries go ahead of the next catalogue read.
  const next = () =>
    setImmediate(() => {
      const start = waiting.shift();
      if (start) start();
      else running = false;
    });
  return {
    run: async (work) => {
      if (running) {
        if (waiting.length >= options.queueMax) {
          throw busy('Too many searches at once; try again in a moment.');
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running = true;
      try {
        return await work(database.db);
      } finally {
        next();
      }
    },
  };
}
