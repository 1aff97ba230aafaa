import { randomUUID } from 'node:crypto';
import {
  type CancelOrderBody,
  type CancelOrderResponse,
  cancelRefusal,
  type OpsRefundBody,
  type OpsRefundResponse,
  quoteCancellation,
  type RefundQuote,
  type RefundSummary,
  refundTierLabel,
  todayIst,
  toPaise,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import { allocateDocumentNumber } from '../invoices/invoice-series.ts';
import { queueRefundIssued } from '../notifications/refund-notifications.ts';
import { cancelLineBookings } from './booking-rows.repository.ts';
import { moveLine } from './order-lines.repository.ts';
import {
  findBuyer,
  findCapturedPayment,
  findOrder,
  findOrderLines,
  findRefund,
  insertRefund,
  lockOrderRow,
  type RefundRow,
  setRefundOutcome,
  sumRefunded,
} from './refunds.repository.ts';

/*
 * Cancellation and refunds (DESIGN.md section 10, docs/decisions/030). A refund is written first - with
 * its idempotency key and credit note number, under the order's row lock where the sum is checked - and
 * only then sent to the payment provider with that key, so a retry never refunds twice and the refunds
 * of an order never add up to more than was charged.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

export const creditNoteUrl = (orderId: number, refundId: number) =>
  `/api/orders/${orderId}/credit-notes/${refundId}.pdf`;

export function refundSummary(row: RefundRow): RefundSummary {
  return {
    id: row.id,
    amount: toRupees(row.amountPaise),
    reason: row.reason,
    kind: row.kind,
    status: row.status,
    line_ids: row.lineIds,
    created_at: row.createdAt.toISOString(),
    credit_note_number: row.creditNoteNumber,
    credit_note_url: row.creditNoteNumber ? creditNoteUrl(row.orderId, row.id) : null,
  };
}

/** Razorpay takes keys of 10+ letters, digits, - and _. */
const providerKey = () => `refund-${randomUUID()}`;

const quoteLines = (quote: RefundQuote): CancelOrderResponse['lines'] =>
  quote.lines.map((l) => ({
    line_id: l.lineId,
    from_date: l.fromDate,
    days_before_start: l.daysBefore,
    percent: l.percent,
    value: toRupees(l.valuePaise),
    refund: toRupees(l.refundPaise),
    label: refundTierLabel(l.percent, l.daysBefore),
  }));

const NOTHING_CANCELLABLE =
  'Nothing in this order can be cancelled any more: every line has started, finished or been cancelled.';

const REFUSALS = {
  started: 'has started: it can no longer be cancelled',
  status: 'can no longer be cancelled',
} as const;

/** The lines to cancel: the ones named (each must be cancellable), or every cancellable line. */
function pickLines(
  lines: Awaited<ReturnType<typeof findOrderLines>>,
  lineIds: number[] | undefined,
  today: string,
): number[] {
  if (!lineIds) {
    const ids = lines.filter((l) => cancelRefusal(l, today) === null).map((l) => l.id);
    if (ids.length === 0) throw conflict(NOTHING_CANCELLABLE);
    return ids;
  }
  const unique = [...new Set(lineIds)];
  for (const id of unique) {
    const line = lines.find((l) => l.id === id);
    if (!line) throw notFound('Line');
    const refusal = cancelRefusal(line, today);
    if (refusal) throw conflict(`Line ${id} (${line.productName}) ${REFUSALS[refusal]}.`);
  }
  return unique;
}

/** The quote, read without locks (it is recomputed under the lock when confirmed). */
async function quote(deps: Deps, userId: number, orderId: number, lineIds: number[] | undefined) {
  const db = deps.database.db;
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound('Order');
  if (order.status !== 'paid') throw conflict('Only a paid order can be cancelled.');
  const today = todayIst(deps.clock.now());
  const lines = await findOrderLines(db, orderId);
  const ids = pickLines(lines, lineIds, today);
  const refunded = await sumRefunded(db, orderId);
  return quoteCancellation({
    allLines: lines,
    lineIds: ids,
    chargedPaise: order.amountPaise,
    leftPaise: order.amountPaise - refunded,
    today,
  });
}

interface StoredCancel {
  quote: RefundQuote;
  refundId: number | null;
}

/** POST /api/orders/{id}/cancel: confirm false answers the quote; true cancels and refunds. */
export async function cancelOrder(
  deps: Deps,
  userId: number,
  orderId: number,
  body: CancelOrderBody,
  key: string | undefined,
): Promise<CancelOrderResponse> {
  if (!body.confirm) {
    const q = await quote(deps, userId, orderId, body.line_ids);
    return {
      order_id: orderId,
      confirmed: false,
      lines: quoteLines(q),
      total: toRupees(q.totalPaise),
      refund: null,
    };
  }
  const db = deps.database.db;
  const call = idempotentCall(userId, 'order_cancel', key, { orderId, ...body });
  const stored = await onceForKey<StoredCancel>(db, call, () =>
    inTransaction(db, async (tx) => {
      const now = deps.clock.now();
      await claimKey(tx, call, now);
      const order = await lockOrderRow(tx, orderId);
      if (!order || order.userId !== userId) throw notFound('Order');
      if (order.status !== 'paid') throw conflict('Only a paid order can be cancelled.');
      const today = todayIst(now);
      const lines = await findOrderLines(tx, orderId);
      const ids = pickLines(lines, body.line_ids, today);
      const refunded = await sumRefunded(tx, orderId);
      const q = quoteCancellation({
        allLines: lines,
        lineIds: ids,
        chargedPaise: order.amountPaise,
        leftPaise: order.amountPaise - refunded,
        today,
      });
      for (const l of q.lines) {
        await moveLine(tx, {
          lineId: l.lineId,
          to: 'cancelled',
          actorUserId: userId,
          actorRole: 'buyer',
          note: `Cancelled by the buyer: ${refundTierLabel(l.percent, l.daysBefore)}.`,
          now,
        });
      }
      await cancelLineBookings(tx, ids);
      // A 0 % cancel frees the dates and writes no refund (nothing was refunded, so no credit note).
      let refundId: number | null = null;
      if (q.totalPaise > 0) {
        const row = await insertRefund(tx, {
          orderId,
          amountPaise: q.totalPaise,
          reason: 'Cancelled by the buyer',
          kind: 'buyer_cancellation',
          lineIds: ids,
          provider: order.paymentMethod === 'cash' ? 'manual' : (deps.payments?.name ?? 'sandbox'),
          status: order.paymentMethod === 'cash' ? 'processed' : 'pending',
          idempotencyKey: providerKey(),
          creditNoteNumber: (await allocateDocumentNumber(tx, 'CN', now)).number,
          createdByUserId: userId,
          createdAt: now,
        });
        refundId = row.id;
        if (row.status === 'processed') await notifyBuyer(tx, row, order.userId);
      }
      const result: StoredCancel = { quote: q, refundId };
      await recordResult(tx, call, result);
      return result;
    }),
  );
  const refund = stored.refundId === null ? null : await settleRefund(deps, orderId, stored.refundId);
  return {
    order_id: orderId,
    confirmed: true,
    lines: quoteLines(stored.quote),
    total: toRupees(stored.quote.totalPaise),
    refund: refund && refundSummary(refund),
  };
}

/** POST /api/ops/orders/{id}/refunds: any amount up to what is left, with a reason; lines untouched. */
export async function operatorRefund(
  deps: Deps,
  operatorId: number,
  orderId: number,
  body: OpsRefundBody,
  key: string | undefined,
): Promise<OpsRefundResponse> {
  const db = deps.database.db;
  const amountPaise = toPaise(body.amount);
  const call = idempotentCall(operatorId, 'ops_refund', key, { orderId, ...body });
  const refundId = await onceForKey<number>(db, call, () =>
    inTransaction(db, async (tx) => {
      const now = deps.clock.now();
      await claimKey(tx, call, now);
      const order = await lockOrderRow(tx, orderId);
      if (!order) throw notFound('Order');
      if (order.status !== 'paid') throw conflict('Only a paid order can be refunded.');
      const left = order.amountPaise - (await sumRefunded(tx, orderId));
      if (amountPaise > left)
        throw conflict(
          left > 0
            ? `Only ₹${toRupees(left).toFixed(2)} is left to refund on this order.`
            : 'This order has been refunded in full.',
          { amount: `At most ${toRupees(left).toFixed(2)}` },
        );
      const row = await insertRefund(tx, {
        orderId,
        amountPaise,
        reason: body.reason,
        kind: 'operator',
        lineIds: [],
        provider: order.paymentMethod === 'cash' ? 'manual' : (deps.payments?.name ?? 'sandbox'),
        status: order.paymentMethod === 'cash' ? 'processed' : 'pending',
        idempotencyKey: providerKey(),
        creditNoteNumber: (await allocateDocumentNumber(tx, 'CN', now)).number,
        createdByUserId: operatorId,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorUserId: operatorId,
        action: 'order.refund',
        entity: 'order',
        entityId: String(orderId),
        before: { refunded: toRupees(order.amountPaise - left) },
        after: {
          refund_id: row.id,
          amount: body.amount,
          reason: body.reason,
          credit_note_number: row.creditNoteNumber,
          refunded: toRupees(order.amountPaise - left + amountPaise),
        },
        createdAt: now,
      });
      if (row.status === 'processed') await notifyBuyer(tx, row, order.userId);
      await recordResult(tx, call, row.id);
      return row.id;
    }),
  );
  const refund = await settleRefund(deps, orderId, refundId);
  const order = await findOrder(db, orderId);
  const refunded = await sumRefunded(db, orderId);
  return {
    order_id: orderId,
    refund: refundSummary(refund),
    refundable: toRupees(order.amountPaise - refunded),
  };
}

async function notifyBuyer(tx: Parameters<typeof queueRefundIssued>[0], row: RefundRow, buyerId: number) {
  const buyer = await findBuyer(tx, buyerId);
  if (!buyer) return;
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
 * Sends a written refund to the provider with its own key, unless it went through already: also what a
 * replay (the same Idempotency-Key) does for a refund whose first call failed. A failure marks it failed
 * and answers 502; the refund stays on record (and counted) until a retry goes through.
 */
export async function settleRefund(deps: Deps, orderId: number, refundId: number): Promise<RefundRow> {
  const db = deps.database.db;
  const row = await findRefund(db, orderId, refundId);
  if (!row) throw notFound('Refund');
  if (row.provider === 'manual' || (row.providerRefundId && row.status !== 'failed')) return row;
  const provider = deps.payments;
  const payment = await findCapturedPayment(db, orderId);
  let outcome: { id: string; status: RefundRow['status'] } | null = null;
  if (provider && payment) {
    try {
      outcome = await provider.refund({
        paymentId: payment.providerPaymentId,
        amountPaise: row.amountPaise,
        idempotencyKey: row.idempotencyKey,
        notes: { order_id: String(orderId), refund_id: String(row.id), kind: row.kind },
        receipt: row.creditNoteNumber ?? undefined,
      });
    } catch {
      outcome = null;
    }
  }
  const order = await findOrder(db, orderId);
  const settled = await inTransaction(db, async (tx) => {
    await setRefundOutcome(tx, row.id, {
      status: outcome?.status ?? 'failed',
      providerRefundId: outcome?.id,
    });
    const updated = { ...row, status: outcome?.status ?? 'failed', providerRefundId: outcome?.id ?? null };
    if (outcome && outcome.status !== 'failed') await notifyBuyer(tx, updated as RefundRow, order.userId);
    return updated as RefundRow;
  });
  if (settled.status === 'failed')
    throw new HttpError(
      502,
      'refund_failed',
      `The refund of ₹${toRupees(row.amountPaise).toFixed(2)} is recorded, but the payment provider did not ` +
        'take it just now. Send the same request again (same Idempotency-Key) to retry; it is never paid twice.',
    );
  return settled;
}
