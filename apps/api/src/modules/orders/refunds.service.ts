import { randomUUID } from 'node:crypto';
import {
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
import { conflict, notFound } from '../../lib/errors.ts';
import { cancelLineBookings } from './booking-rows.repository.ts';
import { canRefund, type OrderLedgerView, orderLedgerOf, refundSummaryOf } from './order-ledger.service.ts';
import { moveLine } from './order-lines.repository.ts';
import { settleOrderStatus } from './refund-settlement.service.ts';
import {
  findOrder,
  findOrderLines,
  insertRefund,
  lockOrderRow,
  type RefundRow,
} from './refunds.repository.ts';

/*
 * Cancellation and refunds, the orders module's part (docs/product-rules.md section 10, decisions 030,
 * 036 and 088). A refund is written first - pending, with its idempotency key, under the order's row lock
 * where the sum is checked - and only then sent to the payment provider with that key (the settle-refund
 * workflow), so a retry never refunds twice and the refunds of an order never add up to more than was
 * charged. Its credit note number comes when the provider has processed it. The sequences across modules
 * (notices, payouts, audit, idempotency) are src/workflows/refund.workflow.ts and cancel-line.workflow.ts.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

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
async function quote(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  orderId: number,
  lineIds: number[] | undefined,
) {
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

/** The answer to an unconfirmed cancel (confirm false): the quote, nothing written. */
export async function buyerCancelQuote(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  orderId: number,
  lineIds: number[] | undefined,
): Promise<CancelOrderResponse> {
  const q = await quote(deps, userId, orderId, lineIds);
  return {
    order_id: orderId,
    confirmed: false,
    lines: quoteLines(q),
    total: toRupees(q.totalPaise),
    refund: null,
  };
}

/** What a confirmed cancel answers about its lines, from the quote it stored. */
export const cancelAnswerLines = (q: RefundQuote) => ({
  lines: quoteLines(q),
  total: toRupees(q.totalPaise),
});

/**
 * The orders module's part of a buyer's confirmed cancel (workflows/refund.workflow.ts), in the caller's
 * transaction: the order locked, the lines picked and quoted under the lock, moved to cancelled with
 * their dates freed, the order's status read again, and the refund written pending (none for a 0 %
 * cancel: nothing was refunded, so no credit note). Answers the quote, the lines and the refund row.
 */
export async function cancelLinesForBuyer(
  tx: Db,
  deps: Pick<Deps, 'payments'>,
  p: { userId: number; orderId: number; lineIds: number[] | undefined; now: Date },
): Promise<{ quote: RefundQuote; lineIds: number[]; refund: RefundRow | null }> {
  const order = await lockOrderRow(tx, p.orderId);
  if (!order || order.userId !== p.userId) throw notFound('Order');
  const ledger = (await orderLedgerOf(tx, p.orderId))!;
  if (!canRefund(ledger)) throw conflict('Only a paid order can be cancelled.');
  const today = todayIst(p.now);
  const lines = await findOrderLines(tx, p.orderId);
  const ids = pickLines(lines, p.lineIds, today);
  const q = quoteOf(lines, ids, ledger, today);
  for (const l of q.lines) {
    await moveLine(tx, {
      lineId: l.lineId,
      to: 'cancelled',
      actorUserId: p.userId,
      actorRole: 'buyer',
      note: `Cancelled by the buyer: ${refundTierLabel(l.percent, l.daysBefore)}.`,
      now: p.now,
    });
  }
  await cancelLineBookings(tx, ids);
  // Every line cancelled: the order says so at once (whatever the refund's fate).
  await settleOrderStatus(tx, p.orderId, p.now);
  const refund =
    q.totalPaise > 0
      ? await writeRefund(tx, deps, order, {
          amountPaise: q.totalPaise,
          reason: 'Cancelled by the buyer',
          kind: 'buyer_cancellation',
          lineIds: ids,
          parts: q.lines
            .filter((l) => l.refundPaise > 0)
            .map((l) => ({ lineId: l.lineId, paise: l.refundPaise })),
          userId: p.userId,
          now: p.now,
        })
      : null;
  return { quote: q, lineIds: ids, refund };
}

/**
 * Writes a refund under the order's lock (the caller checked the cap): pending, with its key, until the
 * provider processes it. A cash order's refund (provider `manual`, see paidAtOffice) is paid at the
 * office: the workflow that wrote it records it processed in the same transaction.
 */
export async function writeRefund(
  tx: Db,
  deps: Pick<Deps, 'payments'>,
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
  return row;
}

/** A cash order's refund, paid at the office: processed as soon as it is written. */
export const paidAtOffice = (row: RefundRow) => row.provider === 'manual';
