import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPayments } from '../../db/schema.ts';

/** The sandbox provider's ledger: what its window captured, kept as Razorpay keeps its payments. */
export async function insertSandboxPayment(
  db: Db,
  row: { id: string; providerOrderId: string; amountPaise: number; now: Date },
): Promise<void> {
  await db.insert(sandboxPayments).values({
    id: row.id,
    providerOrderId: row.providerOrderId,
    amountPaise: row.amountPaise,
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
