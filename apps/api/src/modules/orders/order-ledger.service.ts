import {
  type OrderLedgerRead,
  orderLedger,
  type PaymentReversal,
  type RefundPart,
  type RefundSummary,
  readOrderLedger,
  type StoredOrderStatus,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import {
  findLedgerLines,
  findLedgerOrder,
  findLedgerOrders,
  findLedgerRefunds,
  type LedgerRefundRow,
} from './order-ledger.repository.ts';

/*
 * The orders module's ledger read model (decision 065, DESIGN 14): one function gives an order's charge,
 * its refunds (kind, status, per-line parts), its payment reversals, each line's paid / refunded / left
 * and what is refundable (the sum of the lines' left). Order page, ops pages, refunds, line cancels,
 * settlements, statements and payouts read an order's refunds through it.
 */

export type LedgerRefund = LedgerRefundRow & { parts: RefundPart[] };
export type OrderLedgerView = OrderLedgerRead<LedgerRefund> & {
  orderId: number;
  subtotalPaise: number;
  /** Whether money was ever applied to the order (a late payment's `failed` order never was). */
  paid: boolean;
  /** The order's state as people read it (shared `orderLedger`: refunded only when money has left). */
  status: StoredOrderStatus;
  /** Unpaid and still holding its sites (online window open, or cash / bank transfer awaited). */
  unpaid: boolean;
  /** What the marketplace kept: charged less processed refunds (0 for an order never paid). */
  netPaise: number;
};

const asLedgerRefund = (r: LedgerRefundRow): LedgerRefund => ({ ...r, parts: r.lineParts });

function view(
  order: NonNullable<Awaited<ReturnType<typeof findLedgerOrder>>>,
  lines: { id: number; pricePaise: number; status: string }[],
  rows: LedgerRefundRow[],
): OrderLedgerView {
  const paid = order.paidAt !== null && order.status !== 'failed';
  const read = readOrderLedger({
    paid,
    chargedPaise: order.chargedPaise,
    lines,
    refunds: rows.map(asLedgerRefund),
  });
  const people = orderLedger({
    status: order.status,
    paid: order.paidAt !== null,
    totalPaise: order.chargedPaise,
    refunds: read.refunds.map((v) => v.refund),
    lines,
  });
  return {
    ...read,
    orderId: order.id,
    subtotalPaise: order.subtotalPaise,
    paid,
    status: people.status,
    unpaid: people.unpaid,
    netPaise: people.netPaise,
  };
}

/** The ledger of one order (in the caller's transaction when given one); undefined: no such order. */
export async function orderLedgerOf(db: Db, orderId: number): Promise<OrderLedgerView | undefined> {
  const order = await findLedgerOrder(db, orderId);
  if (!order) return undefined;
  const [lines, rows] = await Promise.all([findLedgerLines(db, [orderId]), findLedgerRefunds(db, [orderId])]);
  return view(order, lines, rows);
}

/**
 * The ledgers of many orders in three queries whatever their number (lists: My Orders, statements, the
 * owners' bookings), each exactly what `orderLedgerOf` reads for one. Orders not found are absent.
 */
export async function orderLedgersOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderLedgerView>> {
  const ids = [...new Set(orderIds)];
  const [found, lines, rows] = await Promise.all([
    findLedgerOrders(db, ids),
    findLedgerLines(db, ids),
    findLedgerRefunds(db, ids),
  ]);
  const linesOf = groupBy(lines, (l) => l.orderId);
  const rowsOf = groupBy(rows, (r) => r.orderId);
  return new Map(found.map((o) => [o.id, view(o, linesOf.get(o.id) ?? [], rowsOf.get(o.id) ?? [])]));
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * The kept lines (not cancelled) of these orders refunded in full by processed refunds: their owners read
 * "refunded, do not mount" (DESIGN 14) instead of an upcoming job they would mount for nothing.
 */
export async function keptLinesRefundedInFull(db: Db, orderIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const ledger of (await orderLedgersOf(db, orderIds)).values())
    for (const l of ledger.lines)
      if (l.status !== 'cancelled' && l.paidPaise > 0 && l.refundedPaise >= l.paidPaise) out.add(l.id);
  return out;
}

/** A refund's parts as the ledger reads them (stored, or by the old spread for a refund from before). */
export function partsOf(ledger: OrderLedgerView, refundId: number): RefundPart[] {
  return ledger.refunds.find((v) => v.refund.id === refundId)?.parts ?? [];
}

export const lineLeft = (ledger: OrderLedgerView, lineId: number) =>
  ledger.lines.find((l) => l.id === lineId)?.leftPaise ?? 0;

export const creditNoteUrl = (orderId: number, refundId: number) =>
  `/api/orders/${orderId}/credit-notes/${refundId}.pdf`;

/** A refund as every surface shows it, with its per-line parts. */
export function refundSummaryOf(row: LedgerRefundRow, parts: RefundPart[] = row.lineParts): RefundSummary {
  return {
    id: row.id,
    amount: toRupees(row.amountPaise),
    reason: row.reason,
    kind: row.kind,
    status: row.status,
    line_ids: row.lineIds,
    parts: parts.map((p) => ({ line_id: p.lineId, amount: toRupees(p.paise) })),
    created_at: row.createdAt.toISOString(),
    credit_note_number: row.creditNoteNumber,
    credit_note_url: row.creditNoteNumber ? creditNoteUrl(row.orderId, row.id) : null,
  };
}

/** The refunds as a page lists them: in the order they were asked for. */
export const refundSummaries = (ledger: OrderLedgerView): RefundSummary[] =>
  [...ledger.refunds]
    .sort((a, b) => a.refund.id - b.refund.id)
    .map((v) => refundSummaryOf(v.refund, v.parts));

export const paymentReversals = (ledger: OrderLedgerView): PaymentReversal[] =>
  ledger.reversals.map((r) => ({
    id: r.id,
    amount: toRupees(r.amountPaise),
    status: r.status,
    created_at: r.createdAt.toISOString(),
    processed_at: r.processedAt?.toISOString() ?? null,
  }));

/** Each line's money in rupees, for the order page and the ops page. */
export function lineMoney(ledger: OrderLedgerView, lineId: number) {
  const l = ledger.lines.find((x) => x.id === lineId);
  return {
    paid: toRupees(l?.paidPaise ?? 0),
    refunded: toRupees(l?.refundedPaise ?? 0),
    left: toRupees(l?.leftPaise ?? 0),
  };
}

/** Whether a cancel or refund may act on the order at all (paid at some point, not a late payment's failed order). */
export const canRefund = (ledger: OrderLedgerView) => ledger.paid;
