import { randomUUID } from 'node:crypto';
import {
  type CancelOrderBody,
  type CancelOrderResponse,
  cancelRefusal,
  quoteCancellation,
  type RefundPart,
  type RefundQuote,
  type RefundSummary,
  refundTierLabel,
  todayIst,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import { queueLinesCancelled } from '../notifications/line-cancel-notifications.ts';
import { cancelLineBookings } from './booking-rows.repository.ts';
import { canRefund, type OrderLedgerView, orderLedgerOf, refundSummaryOf } from './order-ledger.service.ts';
import { moveLine } from './order-lines.repository.ts';
import { recordProcessed, settleOrderStatus, settleRefund } from './refund-settlement.service.ts';
import {
  findOrder,
  findOrderLines,
  insertRefund,
  lockOrderRow,
  type RefundRow,
} from './refunds.repository.ts';

/*
 * Cancellation and refunds (docs/product-rules.md section 10, docs/decisions/030 and 036). A refund is written first -
 * pending, with its idempotency key, under the order's row lock where the sum is checked - and only then
 * sent to the payment provider with that key (refund-settlement.service.ts), so a retry never refunds
 * twice and the refunds of an order never add up to more than was charged. Its credit note number comes
 * when the provider has processed it.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'refundSteps'>;
type Log = Parameters<typeof settleRefund>[3];

/** Paid at some point (not a late payment's failed order): a cancel or refund may act on it; the lines and the cap decide. */

export { creditNoteUrl } from './order-ledger.service.ts';

export const refundSummary = (row: RefundRow): RefundSummary => refundSummaryOf(row);
export const refundSummaryWith = (row: RefundRow, parts: RefundPart[]): RefundSummary =>
  refundSummaryOf(row, parts);

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
  const ledger = (await orderLedgerOf(db, orderId))!;
  if (!canRefund(ledger)) throw conflict('Only a paid order can be cancelled.');
  const today = todayIst(deps.clock.now());
  const lines = await findOrderLines(db, orderId);
  const ids = pickLines(lines, lineIds, today);
  return quoteOf(lines, ids, ledger, today);
}

/** The buyer's refund ladder, each line's refund capped by what that line has left (decision 065). */
const quoteOf = (
  lines: Awaited<ReturnType<typeof findOrderLines>>,
  ids: number[],
  ledger: OrderLedgerView,
  today: string,
) =>
  quoteCancellation({
    allLines: lines,
    lineIds: ids,
    chargedPaise: ledger.chargedPaise,
    leftPaise: ledger.refundablePaise,
    lineLeftPaise: new Map(ledger.lines.map((l) => [l.id, l.leftPaise])),
    today,
  });

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
  log?: Log,
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
      const ledger = (await orderLedgerOf(tx, orderId))!;
      if (!canRefund(ledger)) throw conflict('Only a paid order can be cancelled.');
      const today = todayIst(now);
      const lines = await findOrderLines(tx, orderId);
      const ids = pickLines(lines, body.line_ids, today);
      const q = quoteOf(lines, ids, ledger, today);
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
      // Every line cancelled: the order says so at once (whatever the refund's fate).
      await settleOrderStatus(tx, orderId, now);
      // A 0 % cancel frees the dates and writes no refund (nothing was refunded, so no credit note).
      let refundId: number | null = null;
      if (q.totalPaise > 0) {
        const row = await writeRefund(tx, deps, order, {
          amountPaise: q.totalPaise,
          reason: 'Cancelled by the buyer',
          kind: 'buyer_cancellation',
          lineIds: ids,
          parts: q.lines
            .filter((l) => l.refundPaise > 0)
            .map((l) => ({ lineId: l.lineId, paise: l.refundPaise })),
          userId,
          now,
        });
        refundId = row.id;
      }
      // The sites' owners are told at once (SMS, email) so no one mounts a cancelled campaign (issue 19).
      const reason = 'Cancelled by the buyer';
      const refundRupees = toRupees(q.totalPaise);
      await queueLinesCancelled(tx, {
        orderId,
        lineIds: ids,
        reason,
        refundRupees,
        eventKey: `order:${orderId}`,
      });
      const result: StoredCancel = { quote: q, refundId };
      await recordResult(tx, call, result);
      return result;
    }),
  );
  const refund = stored.refundId === null ? null : await settleOrRefuse(deps, orderId, stored.refundId, log);
  return {
    order_id: orderId,
    confirmed: true,
    lines: quoteLines(stored.quote),
    total: toRupees(stored.quote.totalPaise),
    refund: refund && refundSummary(refund),
  };
}

/**
 * Writes a refund under the order's lock (the caller checked the cap): pending, with its key, until the
 * provider processes it. A cash order's refund is paid at the office: processed at once, with its
 * credit note number and the buyer told.
 */
export async function writeRefund(
  tx: Db,
  deps: Deps,
  order: { id: number; paymentMethod: 'razorpay' | 'cash' },
  r: {
    amountPaise: number;
    reason: string;
    kind: RefundRow['kind'];
    lineIds: number[];
    /** Every refund names its lines and the part of each (decision 065); they add up to the amount. */
    parts: RefundPart[];
    userId: number;
    now: Date;
  },
): Promise<RefundRow> {
  if (r.parts.reduce((s, p) => s + p.paise, 0) !== r.amountPaise)
    throw new Error('A refund must name its lines: its parts add up to its amount');
  const cash = order.paymentMethod === 'cash';
  const row = await insertRefund(tx, {
    orderId: order.id,
    amountPaise: r.amountPaise,
    reason: r.reason,
    kind: r.kind,
    lineIds: r.lineIds,
    lineParts: r.parts,
    provider: cash ? 'manual' : (deps.payments?.name ?? 'sandbox'),
    status: 'pending',
    idempotencyKey: providerKey(),
    createdByUserId: r.userId,
    createdAt: r.now,
  });
  return cash ? recordProcessed(tx, deps.refundSteps, row, null, r.now) : row;
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
