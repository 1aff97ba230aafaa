import { canMoveOrder, paidOrderStatus } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { orderLedgerOf } from './order-ledger.service.ts';
import { moveOrder } from './order-records.repository.ts';
import {
  findRefundById,
  findRefundsDue,
  lockRefund,
  markRefundFailed,
  markRefundInFlight,
  markRefundPending,
  markRefundProcessed,
  type RefundRow,
} from './refund-ledger.repository.ts';
import {
  findBuyer,
  findCapturedPayment,
  findOrder,
  findRefund,
  insertRefundOnce,
  lockOrderRow,
} from './refunds.repository.ts';

/*
 * The orders module's steps of settling a refund with the payment provider (docs/decisions/036, 088). A
 * refund row is committed first (pending, holding its share of the cap); it is claimed `in_flight` and
 * sent with its idempotency key; the answer is recorded under the order's lock. What a processed refund
 * does in other modules (credit-note number, notices, payouts) is the settle-refund workflow's
 * (src/workflows/settle-refund.workflow.ts): these functions touch only the orders module's tables.
 * A failure is retried by the job queue with the same key after a growing pause, then waits for an
 * operator, who may abandon it (which alone frees its cap share).
 */

export type { RefundRow };

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;
export interface Log {
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

/** The buyer of an order, as a refund's notice is addressed (the users row read, never written). */
export async function buyerOfOrder(tx: Db, orderId: number) {
  const order = await findOrder(tx, orderId);
  return order ? findBuyer(tx, order.userId) : undefined;
}

/**
 * The orders module's part of a processed refund (workflows/settle-refund.workflow.ts), in the caller's
 * transaction: the row marked processed with the provider's id and the credit-note number the invoices
 * module allocated (none for a payment reversal). Answers the row as it now reads.
 */
export async function markProcessed(
  tx: Db,
  row: RefundRow,
  p: { providerRefundId: string | null; creditNoteNumber: string | null; now: Date },
): Promise<RefundRow> {
  await markRefundProcessed(tx, row.id, p);
  return {
    ...row,
    status: 'processed',
    providerRefundId: p.providerRefundId,
    creditNoteNumber: p.creditNoteNumber,
    processedAt: p.now,
    nextAttemptAt: null,
    lastError: null,
  };
}

/**
 * Marks the refund `in_flight` under the order's and the refund's locks before the provider is called, so
 * an operator cannot abandon it (and free its cap) while the provider may be paying it (decision 065).
 * Answers send false when it is settled, or another sender holds it and its lease has not run out.
 */
export async function claimForSending(
  deps: Pick<Deps, 'database' | 'clock'>,
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

export type ProviderOutcome = { id: string; status: 'pending' | 'processed' | 'failed' } | null;

/**
 * Sends a claimed refund to the payment provider with its own idempotency key (outside any transaction:
 * the row is `in_flight` meanwhile). Answers the provider's outcome and, when it did not take it, why.
 */
export async function sendToProvider(
  deps: Pick<Deps, 'database' | 'payments'>,
  orderId: number,
  row: RefundRow,
  log?: Log,
): Promise<{ outcome: ProviderOutcome; error: string }> {
  const paymentId =
    row.paymentId ?? (await findCapturedPayment(deps.database.db, orderId))?.providerPaymentId;
  let outcome: ProviderOutcome = null;
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
      { orderId, refundId: row.id, provider: deps.payments?.name, reason: error.slice(0, 200) },
      'refund: the payment provider failed; recorded as failed, to be retried with its key',
    );
  return { outcome, error };
}

/**
 * In the transaction that records the provider's answer: the order's lock first (as every writer of its
 * ledger takes it: one settlement at a time), then the refund's. Answers the refund as it stands.
 */
export async function lockForOutcome(tx: Db, orderId: number, refundId: number): Promise<RefundRow> {
  await lockOrderRow(tx, orderId);
  const current = await lockRefund(tx, refundId);
  if (!current) throw notFound('Refund');
  return current;
}

/** The provider took the refund but has not paid it yet: asked about again later (same key). */
export async function recordPendingOutcome(
  tx: Db,
  current: RefundRow,
  providerRefundId: string,
  now: Date,
): Promise<RefundRow> {
  const nextAttemptAt = new Date(now.getTime() + PENDING_REFUND_POLL_MS);
  await markRefundPending(tx, current.id, { providerRefundId, nextAttemptAt });
  return { ...current, status: 'pending', providerRefundId, nextAttemptAt };
}

/** The provider did not take it: failed, retried after a growing pause, then left to an operator. */
export async function recordFailedOutcome(
  tx: Db,
  current: RefundRow,
  error: string,
  now: Date,
): Promise<RefundRow> {
  const attempts = current.attempts + 1;
  const nextAttemptAt =
    attempts < REFUND_MAX_ATTEMPTS ? new Date(now.getTime() + refundRetryDelayMs(attempts)) : null;
  await markRefundFailed(tx, current.id, { attempts, nextAttemptAt, error });
  return { ...current, status: 'failed' as const, attempts, nextAttemptAt, lastError: error };
}

/** Refunds the job queue sends again: failed ones whose pause is over (same key), pending ones to ask about. */
export const refundsDue = (db: Db, now: Date, limit: number) =>
  findRefundsDue(db, now, REFUND_MAX_ATTEMPTS, limit);

/** A failed refund an operator sends again now (POST /api/ops/refunds/{id}/retry): only a failed one. */
export async function failedRefundToRetry(db: Db, refundId: number): Promise<RefundRow> {
  const before = await findRefundById(db, refundId);
  if (!before) throw notFound('Refund');
  if (before.status !== 'failed')
    throw conflict(`Only a failed refund can be retried; this one is ${before.status}.`);
  return before;
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
