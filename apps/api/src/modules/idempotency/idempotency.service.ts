import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_REUSED } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { findKey, insertKey, type KeyRef, setKeyResult } from './idempotency.repository.ts';

/**
 * Creating calls made safe to repeat (docs/product-rules.md section 3a, decision 016). A call with an Idempotency-Key
 * claims the key as the first statement of the transaction that creates; a repeat (a double click, a retry
 * after a lost answer, a concurrent duplicate) answers the result stored with the key. The same key with
 * another body is a client bug and answers 409 rather than a result that does not belong to it.
 */

export type IdempotentScope =
  | 'create_customized_campaign'
  | 'save_campaign'
  | 'booking_book'
  | 'site_block'
  | 'site_import'
  | 'order_cancel'
  | 'ops_refund';

export interface IdempotentCall extends KeyRef {
  fingerprint: string;
}

/** The call's key, or null when the client sent none (the call then runs as before). */
export function idempotentCall(
  userId: number,
  scope: IdempotentScope,
  key: string | undefined,
  body: unknown,
): IdempotentCall | null {
  if (!key) return null;
  const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  return { userId, scope, key, fingerprint };
}

/** Thrown inside the transaction when another call already holds the key: the transaction rolls back. */
class KeyTaken extends Error {}

const reused = () =>
  new HttpError(
    409,
    IDEMPOTENCY_KEY_REUSED,
    'This request key was already used for a different request. Please try again.',
  );

async function storedResult<T>(db: Db, call: IdempotentCall): Promise<T | undefined> {
  const row = await findKey(db, call);
  if (!row) return undefined;
  if (row.fingerprint !== call.fingerprint) throw reused();
  return (row.result ?? undefined) as T | undefined;
}

/**
 * First statement of the creating transaction: claims the key, or rolls the transaction back when another
 * call holds it. `record` then stores what a replay answers, in the same transaction.
 */
export async function claimKey(tx: Db, call: IdempotentCall | null, now: Date): Promise<void> {
  if (call && !(await insertKey(tx, { ...call, now }))) throw new KeyTaken();
}

export async function recordResult(tx: Db, call: IdempotentCall | null, result: unknown): Promise<void> {
  if (call) await setKeyResult(tx, call, result);
}

/**
 * Runs `work` (which calls claimKey and recordResult in its transaction) once per key: a repeat answers
 * the stored result, before any check that the first call's own writes would now fail.
 */
export async function onceForKey<T>(db: Db, call: IdempotentCall | null, work: () => Promise<T>): Promise<T> {
  if (!call) return work();
  const before = await storedResult<T>(db, call);
  if (before !== undefined) return before;
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const after = await storedResult<T>(db, call);
    if (after === undefined) throw reused();
    return after;
  }
}
