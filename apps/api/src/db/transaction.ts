import { sqlState } from '../lib/errors.ts';
import type { Db } from './client.ts';

/**
 * The one way the API opens a transaction (docs/architecture.md). PostgreSQL aborts a transaction that
 * deadlocked (40P01) or lost a serialization check (40001) and has kept nothing of it, so running the
 * same work again is safe and usually succeeds; any other error is the caller's.
 */
const RETRYABLE = new Set(['40001', '40P01']);

/** Enough for two rivals to pass each other; a transaction that keeps losing reports its error. */
export const TRANSACTION_ATTEMPTS = 4;

export interface TransactionOptions {
  /** Bounds every retry, the built-in ones and the caller's (default TRANSACTION_ATTEMPTS). */
  attempts?: number;
  /**
   * Asked after any other failure, with nothing of the attempt kept: true runs the work again (while
   * attempts remain), false rethrows; it may also throw an error of its own (e.g. 409 for an overlap
   * that stands after the rival committed).
   */
  retryWhen?: (err: unknown, attempt: number, lastAttempt: boolean) => Promise<boolean> | boolean;
}

export function isRetryableTransactionError(err: unknown): boolean {
  return RETRYABLE.has(sqlState(err) ?? '');
}

/**
 * Runs `work` in a transaction, again after a deadlock or serialization failure (bounded). Inside an
 * open transaction use `inSavepoint` instead: a retry there would repeat only a part of the work.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (err) {
      const last = attempt >= attempts;
      if (isRetryableTransactionError(err)) {
        if (!last) continue;
        throw err;
      }
      if (options.retryWhen && (await options.retryWhen(err, attempt, last)) && !last) continue;
      throw err;
    }
  }
}

/**
 * A savepoint inside the caller's transaction: a failure rolls back only `work`, and the caller may go
 * on (record the failure, take another path). Never retried: the outer transaction decides.
 */
export function inSavepoint<T>(tx: Db, work: (sp: Db) => Promise<T>): Promise<T> {
  return tx.transaction((sp) => work(sp));
}
