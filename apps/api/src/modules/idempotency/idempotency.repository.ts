import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export interface KeyRef {
  userId: number;
  scope: string;
  key: string;
}

const byRef = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.userId, ref.userId),
    eq(idempotencyKeys.scope, ref.scope),
    eq(idempotencyKeys.key, ref.key),
  );

export async function findKey(db: Db, ref: KeyRef) {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(byRef(ref))
    .limit(1);
  return row;
}

/**
 * Inserts the key unless it exists. A concurrent transaction holding the same key uncommitted makes this
 * wait on the unique index; once that one commits, nothing is inserted and false comes back.
 */
export async function insertKey(tx: Db, ref: KeyRef & { fingerprint: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...ref, createdAt: ref.now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return rows.length > 0;
}

export async function setKeyResult(tx: Db, ref: KeyRef, result: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ result: sql`${JSON.stringify(result)}::jsonb` })
    .where(byRef(ref));
}
