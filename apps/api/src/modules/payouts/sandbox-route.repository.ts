import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxLinkedAccounts, sandboxTransferReversals, sandboxTransfers } from '../../db/schema.ts';

/** The sandbox's Route ledger: its linked accounts and transfers, kept as Razorpay keeps them. */

export async function upsertSandboxAccount(
  db: Db,
  row: { id: string; reference: string; details: Record<string, unknown>; now: Date },
): Promise<string> {
  await db
    .insert(sandboxLinkedAccounts)
    .values({
      id: row.id,
      reference: row.reference,
      details: row.details,
      status: 'activated',
      createdAt: row.now,
    })
    .onConflictDoUpdate({ target: sandboxLinkedAccounts.reference, set: { details: row.details } });
  const [found] = await db
    .select({ id: sandboxLinkedAccounts.id })
    .from(sandboxLinkedAccounts)
    .where(eq(sandboxLinkedAccounts.reference, row.reference));
  return found!.id;
}

export async function findSandboxTransferByReference(db: Db, reference: string) {
  const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
  return row;
}

export async function findSandboxTransfer(db: Db, id: string, lock = false) {
  const query = db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSandboxTransfer(
  db: Db,
  row: typeof sandboxTransfers.$inferInsert,
): Promise<void> {
  await db.insert(sandboxTransfers).values(row).onConflictDoNothing({ target: sandboxTransfers.reference });
}

/** What the sandbox already transferred from one payment (it refuses more than was captured). */
export async function sandboxTransferredPaise(db: Db, paymentId: string): Promise<number> {
  const [row] = await db
    .select({
      sum: sql<string>`coalesce(sum(${sandboxTransfers.amountPaise} - ${sandboxTransfers.reversedPaise}), 0)`,
    })
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.paymentId, paymentId));
  return Number(row!.sum);
}

export async function updateSandboxTransfer(
  db: Db,
  id: string,
  set: Partial<Pick<typeof sandboxTransfers.$inferInsert, 'onHold' | 'reversedPaise' | 'utr'>>,
): Promise<void> {
  await db.update(sandboxTransfers).set(set).where(eq(sandboxTransfers.id, id));
}

/** The reversal made under a key on a transfer, if any (a repeated key answers it). */
export async function findSandboxReversal(db: Db, transferId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(sandboxTransferReversals)
    .where(
      and(
        eq(sandboxTransferReversals.transferId, transferId),
        eq(sandboxTransferReversals.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function insertSandboxReversal(
  db: Db,
  row: typeof sandboxTransferReversals.$inferInsert,
): Promise<void> {
  await db.insert(sandboxTransferReversals).values(row);
}
