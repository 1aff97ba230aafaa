import { toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findRefundById, type RefundRow } from './refund-ledger.repository.ts';
import { settleRefund } from './refund-settlement.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'refundSteps'>;
type Log = Parameters<typeof settleRefund>[3];

/**
 * POST /api/ops/refunds/{id}/retry (docs/decisions/036-order-ledger.md): an operator who knows the payment
 * provider is back sends a failed refund again now, with its own idempotency key (so it can never be paid
 * twice), instead of waiting for the job queue's next try or abandoning it. Audited with the outcome.
 */
export async function retryRefundNow(
  deps: Deps,
  operatorId: number,
  refundId: number,
  log?: Log,
): Promise<RefundRow> {
  const before = await findRefundById(deps.database.db, refundId);
  if (!before) throw notFound('Refund');
  if (before.status !== 'failed')
    throw conflict(`Only a failed refund can be retried; this one is ${before.status}.`);
  const after = await settleRefund(deps, before.orderId, refundId, log);
  // Abandoned meanwhile (the operator's abandon won the order's lock): nothing was sent.
  if (after.status === 'abandoned') throw conflict('This refund was abandoned meanwhile; nothing was sent.');
  await inTransaction(deps.database.db, (tx) =>
    recordAudit(tx, {
      actorUserId: operatorId,
      action: 'refund.retry',
      entity: 'refund',
      entityId: String(refundId),
      before: { status: before.status, amount: toRupees(before.amountPaise), attempts: before.attempts },
      after: { status: after.status, attempts: after.attempts, order_id: after.orderId },
      createdAt: deps.clock.now(),
    }),
  );
  return after;
}
