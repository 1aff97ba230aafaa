import { isPaymentReversal, toRupees } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, HttpError } from '../lib/errors.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { allocateCreditNoteNumber } from '../modules/invoices/invoices.service.ts';
import {
  queueOwnerRefundParts,
  queuePaymentReturned,
  queueRefundIssued,
} from '../modules/notifications/notifications.service.ts';
import { orderContacts } from '../modules/orders/order-contacts.service.ts';
import { orderLedgerOf, partsOf } from '../modules/orders/order-ledger.service.ts';
import {
  buyerOfOrder,
  claimForSending,
  failedRefundToRetry,
  type Log,
  lockForOutcome,
  markProcessed,
  type RefundRow,
  recordFailedOutcome,
  recordPendingOutcome,
  refundsDue,
  sendToProvider,
  settleOrderStatus,
} from '../modules/orders/refund-settlement.service.ts';

import { payoutFiguresOf } from '../modules/orders/statement-ledger.service.ts';
import { refundProcessed } from '../modules/payouts/payouts.service.ts';

/*
 * Settle a refund (decisions 036, 065, 088): a written refund is sent to the payment provider with its
 * own idempotency key and its answer recorded, in explicit steps over the modules' services:
 * 1. orders: the refund claimed `in_flight` under the order's and the refund's row locks (an operator
 *    cannot abandon it meanwhile, another sender waits out its lease);
 * 2. the provider called with the refund's key, outside any transaction (orders' sendToProvider);
 * 3. one transaction, the order's lock first: processed -> refundProcessedSteps; pending -> asked again
 *    later; failed -> retried with the same key after a growing pause, then an operator's.
 * refundProcessedSteps is also the step a cash refund takes at once, in the transaction that wrote it.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

export type { Log };

/**
 * In the caller's transaction (the order locked), a refund is processed:
 * 1. invoices: a refund of the order takes its credit-note number (a payment reversal, money that was
 *    never the order's, takes none);
 * 2. orders: the row marked processed;
 * 3. notifications: the buyer told ("refund issued", or "payment returned" for a reversal) - only now,
 *    never when it was asked for;
 * 4. notifications: each named line's owner told of its part (orders reads the owners' contacts); payouts: each named line's payout moves by
 *    its part (reversed before release, recovered after), from the figures the orders ledger hands over;
 * 5. orders: the order's status read again from the ledger.
 * A payment reversal stops after step 3: it touches no line, statement or payout.
 */
export async function refundProcessedSteps(
  tx: Db,
  row: RefundRow,
  providerRefundId: string | null,
  now: Date,
): Promise<RefundRow> {
  const reversal = isPaymentReversal(row);
  const creditNoteNumber = reversal
    ? null
    : (row.creditNoteNumber ?? (await allocateCreditNoteNumber(tx, now)));
  const updated = await markProcessed(tx, row, { providerRefundId, creditNoteNumber, now });
  await tellBuyer(tx, updated);
  if (reversal) return updated;
  const parts = partsOf((await orderLedgerOf(tx, row.orderId))!, row.id);
  await queueOwnerRefundParts(
    tx,
    {
      orderId: row.orderId,
      refundId: row.id,
      reason: row.reason,
      parts: new Map(parts.map((p) => [p.lineId, p.paise])),
    },
    orderContacts,
  );
  const order = await payoutFiguresOf(tx, row.orderId);
  if (order)
    await refundProcessed(tx, {
      refundId: row.id,
      orderId: row.orderId,
      amountPaise: row.amountPaise,
      parts,
      order,
      now,
    });
  await settleOrderStatus(tx, row.orderId, now);
  return updated;
}

async function tellBuyer(tx: Db, row: RefundRow): Promise<void> {
  const buyer = await buyerOfOrder(tx, row.orderId);
  if (!buyer) return;
  const amountRupees = toRupees(row.amountPaise);
  if (isPaymentReversal(row)) {
    await queuePaymentReturned(tx, { id: row.id, orderId: row.orderId, amountRupees }, buyer);
    return;
  }
  await queueRefundIssued(
    tx,
    { id: row.id, orderId: row.orderId, amountRupees, creditNoteNumber: row.creditNoteNumber },
    buyer,
  );
}

/**
 * Sends a written refund to the provider with its own key, unless it is settled already (processed or
 * abandoned). Answers the row as it stands after the provider's answer: `failed` when it did not take
 * it (the caller may say so; the job queue retries it).
 */
export async function settleRefund(
  deps: Deps,
  orderId: number,
  refundId: number,
  log?: Log,
): Promise<RefundRow> {
  const claimed = await claimForSending(deps, orderId, refundId);
  if (!claimed.send) return claimed.row;
  const { outcome, error } = await sendToProvider(deps, orderId, claimed.row, log);
  const now = deps.clock.now();
  return inTransaction(deps.database.db, async (tx) => {
    const current = await lockForOutcome(tx, orderId, refundId);
    // Another sender (same key) answered first, after this one's lease ran out.
    if (current.status === 'processed' || current.status === 'abandoned') return current;
    if (outcome?.status === 'processed') return refundProcessedSteps(tx, current, outcome.id, now);
    if (outcome?.status === 'pending') return recordPendingOutcome(tx, current, outcome.id, now);
    return recordFailedOutcome(tx, current, error, now);
  });
}

/**
 * Sends the refund (again, same key) unless settled; a refusal answers 502 - the refund stays on
 * record, holding its share of the cap, and the job queue retries it (decision 036).
 */
export async function settleOrRefuse(
  deps: Deps,
  orderId: number,
  refundId: number,
  log?: Log,
): Promise<RefundRow> {
  const settled = await settleRefund(deps, orderId, refundId, log);
  if (settled.status === 'failed')
    throw new HttpError(
      502,
      'refund_failed',
      `The refund of ₹${toRupees(settled.amountPaise).toFixed(2)} is recorded, but the payment provider did not ` +
        'take it just now. It is tried again automatically with the same key; you may also send the same ' +
        'request again (same Idempotency-Key). It is never paid twice.',
    );
  return settled;
}

/** The job queue's pass: failed refunds whose pause is over (same key), and pending ones to ask about. */
export async function retryDueRefunds(deps: Deps, log: Log): Promise<{ processed: number; failed: number }> {
  const due = await refundsDue(deps.database.db, deps.clock.now(), 50);
  let processed = 0;
  let failed = 0;
  for (const r of due) {
    const settled = await settleRefund(deps, r.orderId, r.id, log);
    if (settled.status === 'processed') processed += 1;
    if (settled.status === 'failed') failed += 1;
  }
  if (processed || failed) log.info({ processed, failed }, 'retried refunds');
  return { processed, failed };
}

/**
 * POST /api/ops/refunds/{id}/retry (decision 036): an operator who knows the payment provider is back
 * sends a failed refund again now, with its own idempotency key (so it can never be paid twice), instead
 * of waiting for the job queue's next try or abandoning it. Audited with the outcome.
 */
export async function retryRefundNow(
  deps: Deps,
  operatorId: number,
  refundId: number,
  log?: Log,
): Promise<RefundRow> {
  const before = await failedRefundToRetry(deps.database.db, refundId);
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
