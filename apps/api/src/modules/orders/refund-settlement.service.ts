import { canMoveOrder, isPaymentReversal, type OpsRefundRow, paidOrderStatus, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { allocateDocumentNumber } from '../invoices/invoice-series.ts';
import { queueOwnerRefundParts } from '../notifications/line-cancel-notifications.ts';
import { queuePaymentReturned, queueRefundIssued } from '../notifications/refund-notifications.ts';
import { orderLedgerOf, partsOf } from './order-ledger.service.ts';
import { moveOrder } from './order-records.repository.ts';
import {
  findRefundById,
  findRefundsDue,
  listRefunds,
  lockRefund,
  markRefundAbandoned,
  markRefundFailed,
  markRefundInFlight,
  markRefundPending,
  markRefundProcessed,
  type RefundRow,
  type RefundStatus,
} from './refund-ledger.repository.ts';
import type { RefundSteps } from './refund-steps.ts';
import {
  findBuyer,
  findCapturedPayment,
  findOrder,
  findRefund,
  insertRefundOnce,
  lockOrderRow,
} from './refunds.repository.ts';

/*
 * Settling refunds with the payment provider (docs/decisions/036-order-ledger.md). A refund row is
 * committed first (pending, holding its share of the cap); the provider is called with its idempotency
 * key; only a `processed` answer returns money in the ledger: credit note number, buyer told, order
 * status from processed refunds. A failure is retried by the job queue with the same key after a
 * growing pause, then waits for an operator, who may abandon it (which alone frees its cap share).
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'refundSteps'>;
interface Log {
  warn(o: object, m: string): void;
  info(o: object, m: string): void;
}

/** Sends to the provider (first try included); then the refund waits for an operator. */
export const REFUND_MAX_ATTEMPTS = 6;
/** 5 min, 10, 20, 40, 80: about 2.5 hours of retries before an operator is asked. */
export const refundRetryDelayMs = (attempts: number) => 5 * 60_000 * 2 ** Math.max(0, attempts - 1);
/** A refund the provider took but has not paid out is asked about again this often. */
export const PENDING_REFUND_POLL_MS = 15 * 60_000;
/**
 * How long a refund stays `in_flight` before the job queue may send it again with the same key (a sender
 * that crashed mid-call): well past the provider client's own timeout, so a live call always answers first.
 */
export const IN_FLIGHT_LEASE_MS = 5 * 60_000;

/** A provider error in words fit for the log and the operator: its message, never the request or keys. */
function providerError(err: unknown): string {
  const e = err as { message?: unknown; error?: { description?: unknown }; statusCode?: unknown };
  const text =
    (typeof e?.error?.description === 'string' && e.error.description) ||
    (typeof e?.message === 'string' && e.message) ||
    'unknown error';
  const status = typeof e?.statusCode === 'number' ? ` (HTTP ${e.statusCode})` : '';
  return `${text}${status}`.slice(0, 300);
}

/** A paid order's status read from its ledger (processed refunds, cancelled lines), moved if it changed. */
export async function settleOrderStatus(tx: Db, orderId: number, now: Date): Promise<void> {
  const order = await lockOrderRow(tx, orderId);
  if (!order?.paidAt) return;
  const ledger = (await orderLedgerOf(tx, orderId))!;
  const target = paidOrderStatus({
    chargedPaise: ledger.chargedPaise,
    processedRefundsPaise: ledger.refundedPaise,
    lines: ledger.lines.length,
    cancelledLines: ledger.lines.filter((l) => l.status === 'cancelled').length,
  });
  if (target !== order.status && canMoveOrder(order.status, target))
    await moveOrder(tx, orderId, target, now);
}

export async function notifyRefundIssued(tx: Db, row: RefundRow, buyerId: number): Promise<void> {
  const buyer = await findBuyer(tx, buyerId);
  if (!buyer) return;
  if (isPaymentReversal(row)) {
    await queuePaymentReturned(
      tx,
      { id: row.id, orderId: row.orderId, amountRupees: toRupees(row.amountPaise) },
      buyer,
    );
    return;
  }
  await queueRefundIssued(
    tx,
    {
      id: row.id,
      orderId: row.orderId,
      amountRupees: toRupees(row.amountPaise),
      creditNoteNumber: row.creditNoteNumber,
    },
    buyer,
  );
}

/**
 * In the caller's transaction: the refund is processed. A refund of the order takes its credit-note number,
 * the buyer and each named line's owner are told of their part (only now: never when it was asked for),
 * the owners' payouts move by the parts and the order's status is read again. A payment reversal (money
 * that was never the order's, decision 065) takes no credit-note number and touches no line or payout.
 */
export async function recordProcessed(
  tx: Db,
  steps: RefundSteps,
  row: RefundRow,
  providerRefundId: string | null,
  now: Date,
): Promise<RefundRow> {
  const reversal = isPaymentReversal(row);
  const creditNoteNumber = reversal
    ? null
    : (row.creditNoteNumber ?? (await allocateDocumentNumber(tx, 'CN', now)).number);
  await markRefundProcessed(tx, row.id, { providerRefundId, creditNoteNumber, now });
  const updated: RefundRow = {
    ...row,
    status: 'processed',
    providerRefundId,
    creditNoteNumber,
    processedAt: now,
    nextAttemptAt: null,
    lastError: null,
  };
  const order = await findOrder(tx, row.orderId);
  await notifyRefundIssued(tx, updated, order.userId);
  if (reversal) return updated;
  const parts = partsOf((await orderLedgerOf(tx, row.orderId))!, row.id);
  await queueOwnerRefundParts(tx, {
    orderId: row.orderId,
    refundId: row.id,
    reason: row.reason,
    parts: new Map(parts.map((p) => [p.lineId, p.paise])),
  });
  // The owner's share moves with the refund's parts: reversed before release, recovered after (decision 047).
  await steps.refundProcessed(tx, {
    refundId: row.id,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    parts,
    now,
  });
  await settleOrderStatus(tx, row.orderId, now);
  return updated;
}

/**
 * Marks the refund `in_flight` under the order's and the refund's locks before the provider is called, so
 * an operator cannot abandon it (and free its cap) while the provider may be paying it (decision 065).
 * Answers send false when it is settled, or another sender holds it and its lease has not run out.
 */
async function claimForSending(
  deps: Deps,
  orderId: number,
  refundId: number,
): Promise<{ send: boolean; row: RefundRow }> {
  const found = await findRefund(deps.database.db, orderId, refundId);
  if (!found) throw notFound('Refund');
  if (found.status === 'processed' || found.status === 'abandoned') return { send: false, row: found };
  return inTransaction(deps.database.db, async (tx) => {
    const now = deps.clock.now();
    await lockOrderRow(tx, orderId);
    const current = await lockRefund(tx, refundId);
    if (!current) throw notFound('Refund');
    if (current.status === 'processed' || current.status === 'abandoned')
      return { send: false, row: current };
    if (current.status === 'in_flight' && current.nextAttemptAt && current.nextAttemptAt > now)
      return { send: false, row: current };
    const leaseUntil = new Date(now.getTime() + IN_FLIGHT_LEASE_MS);
    await markRefundInFlight(tx, refundId, { leaseUntil });
    return { send: true, row: { ...current, status: 'in_flight' as const, nextAttemptAt: leaseUntil } };
  });
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
  const db = deps.database.db;
  const claimed = await claimForSending(deps, orderId, refundId);
  if (!claimed.send) return claimed.row;
  const row = claimed.row;
  const paymentId = row.paymentId ?? (await findCapturedPayment(db, orderId))?.providerPaymentId;
  let outcome: { id: string; status: 'pending' | 'processed' | 'failed' } | null = null;
  let error = !deps.payments
    ? 'No payment provider is configured'
    : !paymentId
      ? 'The order has no captured payment to refund'
      : '';
  if (deps.payments && paymentId) {
    try {
      outcome = await deps.payments.refund({
        paymentId,
        amountPaise: row.amountPaise,
        idempotencyKey: row.idempotencyKey,
        notes: { order_id: String(orderId), refund_id: String(row.id), kind: row.kind },
        receipt: `refund-${row.id}`,
      });
      if (outcome.status === 'failed') error = 'The payment provider answered failed';
    } catch (err) {
      error = providerError(err);
    }
  }
  if (error)
    log?.warn(
      { orderId, refundId, provider: deps.payments?.name, reason: error.slice(0, 200) },
      'refund: the payment provider failed; recorded as failed, to be retried with its key',
    );
  const now = deps.clock.now();
  return inTransaction(db, async (tx) => {
    // The order's lock first, as every writer of its ledger takes it: one settlement at a time.
    await lockOrderRow(tx, orderId);
    const current = await lockRefund(tx, refundId);
    if (!current) throw notFound('Refund');
    // Another sender (same key) answered first, after this one's lease ran out.
    if (current.status === 'processed' || current.status === 'abandoned') return current;
    if (outcome?.status === 'processed')
      return recordProcessed(tx, deps.refundSteps, current, outcome.id, now);
    if (outcome?.status === 'pending') {
      const nextAttemptAt = new Date(now.getTime() + PENDING_REFUND_POLL_MS);
      await markRefundPending(tx, refundId, { providerRefundId: outcome.id, nextAttemptAt });
      return { ...current, status: 'pending', providerRefundId: outcome.id, nextAttemptAt };
    }
    const attempts = current.attempts + 1;
    const nextAttemptAt =
      attempts < REFUND_MAX_ATTEMPTS ? new Date(now.getTime() + refundRetryDelayMs(attempts)) : null;
    await markRefundFailed(tx, refundId, { attempts, nextAttemptAt, error });
    return { ...current, status: 'failed' as const, attempts, nextAttemptAt, lastError: error };
  });
}

/** The job queue's pass: failed refunds whose pause is over (same key), and pending ones to ask about. */
export async function retryDueRefunds(deps: Deps, log: Log): Promise<{ processed: number; failed: number }> {
  const due = await findRefundsDue(deps.database.db, deps.clock.now(), REFUND_MAX_ATTEMPTS, 50);
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

/**
 * In the payment's transaction: a payment captured for an order it can no longer pay (closed, failed,
 * paid already, its sites taken) is refunded in full, automatically: written pending and due now, so the
 * job queue sends it within a minute with a key of its own (one per payment), retries it and, failing
 * that, shows it to operators. Never just a log line.
 */
export async function refundLatePayment(
  tx: Db,
  p: { orderId: number; provider: string; paymentId: string; amountPaise: number; now: Date },
): Promise<void> {
  await insertRefundOnce(tx, {
    orderId: p.orderId,
    amountPaise: p.amountPaise,
    reason: 'The payment arrived after the order had closed: refunded automatically',
    kind: 'late_payment',
    lineIds: [],
    provider: p.provider,
    paymentId: p.paymentId,
    status: 'pending',
    idempotencyKey: `late-${p.paymentId}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
    nextAttemptAt: p.now,
    createdAt: p.now,
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
