import { type OpsRefundRow, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findRefundById,
  listRefunds,
  lockRefund,
  markRefundAbandoned,
  type RefundRow,
  type RefundStatus,
} from './refund-ledger.repository.ts';
import { lockOrderRow } from './refunds.repository.ts';

/*
 * The operator's refund desk (decision 036): the refunds listed by status (failed ones that need action
 * first among them), and abandoning a failed one, which alone frees its share of the cap. Only the orders
 * module's tables and the audit entry: nothing here crosses modules.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** A failed refund the operator gives up on (paid another way, or not owed): it stops holding the cap. */
export async function abandonRefund(
  deps: Deps,
  operatorId: number,
  refundId: number,
  reason: string,
): Promise<RefundRow> {
  const db = deps.database.db;
  return inTransaction(db, async (tx) => {
    const now = deps.clock.now();
    const found = await findRefundById(tx, refundId);
    if (!found) throw notFound('Refund');
    // The order's lock first, like every writer of its ledger, then the refund's.
    await lockOrderRow(tx, found.orderId);
    const row = await lockRefund(tx, refundId);
    if (row?.status === 'in_flight')
      throw new HttpError(
        409,
        'refund_in_flight',
        'This refund is being sent to the payment provider: it can be abandoned only once the provider answers.',
      );
    if (row?.status !== 'failed')
      throw conflict(`Only a failed refund can be abandoned; this one is ${row?.status ?? 'gone'}.`);
    await markRefundAbandoned(tx, refundId, { reason, userId: operatorId, now });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'refund.abandon',
      entity: 'refund',
      entityId: String(refundId),
      before: { status: row.status, amount: toRupees(row.amountPaise), attempts: row.attempts },
      after: { status: 'abandoned', reason, order_id: row.orderId },
      createdAt: now,
    });
    return { ...row, status: 'abandoned' as const, abandonReason: reason, abandonedAt: now };
  });
}

export function opsRefundRow(r: RefundRow): OpsRefundRow {
  return {
    id: r.id,
    order_id: r.orderId,
    amount: toRupees(r.amountPaise),
    reason: r.reason,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    last_error: r.lastError,
    needs_action: r.status === 'failed' && r.nextAttemptAt === null,
    created_at: r.createdAt.toISOString(),
    processed_at: r.processedAt?.toISOString() ?? null,
    credit_note_number: r.creditNoteNumber,
    abandon_reason: r.abandonReason,
  };
}

export async function refundsForOps(deps: Pick<Deps, 'database'>, status: RefundStatus | undefined) {
  return listRefunds(deps.database.db, status, 500);
}
