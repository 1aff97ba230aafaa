import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPayments, sandboxRefunds } from '../../db/schema.ts';

/** The sandbox provider's ledger: what its window captured, kept as Razorpay keeps its payments. */
export async function insertSandboxPayment(
  db: Db,
  row: { id: string; providerOrderId: string; amountPaise: number; now: Date; refundFailures?: number },
): Promise<void> {
  await db.insert(sandboxPayments).values({
    id: row.id,
    providerOrderId: row.providerOrderId,
    amountPaise: row.amountPaise,
    refundFailures: row.refundFailures ?? 0,
    status: 'captured',
    createdAt: row.now,
  });
}

export async function findSandboxPayments(db: Db, providerOrderId: string) {
  return db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.providerOrderId, providerOrderId))
    .orderBy(asc(sandboxPayments.createdAt), asc(sandboxPayments.id));
}

/** One payment, locked when `lock` (its refunds are then checked against it one at a time). */
export async function findSandboxPayment(db: Db, id: string, lock = false) {
  const query = db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Spends one of the payment's rehearsed refund failures (the caller holds its row lock). */
export async function spendRefundFailure(db: Db, id: string): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({ refundFailures: sql`${sandboxPayments.refundFailures} - 1` })
    .where(eq(sandboxPayments.id, id));
}

/** Writes the refund once per idempotency key; answers the id of the refund that key made. */
export async function insertSandboxRefund(
  db: Db,
  row: {
    id: string;
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes: Record<string, string>;
  },
): Promise<string> {
  await db.insert(sandboxRefunds).values(row).onConflictDoNothing({ target: sandboxRefunds.idempotencyKey });
  const [first] = await db
    .select({ id: sandboxRefunds.id })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.idempotencyKey, row.idempotencyKey));
  return first.id;
}

export async function sandboxRefundedPaise(db: Db, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${sandboxRefunds.amountPaise}), 0)` })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentId, paymentId));
  return Number(row.sum);
}
