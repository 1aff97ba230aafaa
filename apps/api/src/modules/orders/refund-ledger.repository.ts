import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';

/*
 * The money side of an order's ledger (docs/decisions/036-order-ledger.md): each refund is `pending`
 * until the provider answers, then `processed` (money returned: balance, status, statements, a credit
 * note) or `failed` (retried by the job queue with the same key; an operator may abandon it). Only an
 * abandoned refund stops counting towards the "never more than paid" cap.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type RefundStatus = RefundRow['status'];

export async function findRefundById(db: Db, refundId: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  return row;
}

export async function lockRefund(tx: Db, refundId: number): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1).for('update');
  return row;
}

export async function markRefundProcessed(
  tx: Db,
  refundId: number,
  /** A payment reversal takes no credit-note number (decision 065): null. */
  p: { providerRefundId: string | null; creditNoteNumber: string | null; now: Date },
): Promise<void> {
  await tx
    .update(refunds)
    .set({
      status: 'processed',
      providerRefundId: p.providerRefundId,
      creditNoteNumber: p.creditNoteNumber,
      processedAt: p.now,
      nextAttemptAt: null,
      lastError: null,
    })
    .where(eq(refunds.id, refundId));
}

/** The provider took it but has not paid it out yet: asked again (same key) until it says processed. */
export async function markRefundPending(
  tx: Db,
  refundId: number,
  p: { providerRefundId: string; nextAttemptAt: Date },
): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: 'pending', providerRefundId: p.providerRefundId, nextAttemptAt: p.nextAttemptAt })
    .where(eq(refunds.id, refundId));
}

/**
 * Being sent to the provider (decision 065): it cannot be abandoned until the provider answers. The
 * lease is when the job queue may send it again (same key) if this sender never came back (a crash).
 */
export async function markRefundInFlight(tx: Db, refundId: number, p: { leaseUntil: Date }): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: 'in_flight', nextAttemptAt: p.leaseUntil })
    .where(eq(refunds.id, refundId));
}

export async function markRefundFailed(
  tx: Db,
  refundId: number,
  p: { attempts: number; nextAttemptAt: Date | null; error: string },
): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: 'failed', attempts: p.attempts, nextAttemptAt: p.nextAttemptAt, lastError: p.error })
    .where(eq(refunds.id, refundId));
}

export async function markRefundAbandoned(
  tx: Db,
  refundId: number,
  p: { reason: string; userId: number; now: Date },
): Promise<void> {
  await tx
    .update(refunds)
    .set({
      status: 'abandoned',
      abandonReason: p.reason,
      abandonedByUserId: p.userId,
      abandonedAt: p.now,
      nextAttemptAt: null,
    })
    .where(eq(refunds.id, refundId));
}

/** Refunds the job queue should send (again) now: failed ones with attempts left, pending ones to ask about. */
export async function findRefundsDue(db: Db, now: Date, maxAttempts: number, limit: number) {
  return db
    .select({ id: refunds.id, orderId: refunds.orderId })
    .from(refunds)
    .where(
      and(
        inArray(refunds.status, ['failed', 'pending', 'in_flight']),
        lte(refunds.nextAttemptAt, now),
        sql`${refunds.attempts} < ${maxAttempts}`,
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt), asc(refunds.id))
    .limit(limit);
}

/** GET /api/ops/refunds: newest first, by status. */
export async function listRefunds(db: Db, status: RefundStatus | undefined, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(status ? eq(refunds.status, status) : undefined)
    .orderBy(desc(refunds.id))
    .limit(limit);
}
