import {
  checkParts,
  type OpsRefundBody,
  type OpsRefundResponse,
  type RefundPart,
  RefundPartError,
  spreadOverLines,
  toPaise,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { canRefund, type OrderLedgerView, orderLedgerOf, partsOf } from './order-ledger.service.ts';
import { lockOrderRow, type RefundRow } from './refunds.repository.ts';
import { refundSummaryWith, writeRefund } from './refunds.service.ts';

/**
 * The parts of an operator's order refund (decision 065): the parts named, or the amount over the lines
 * named (every line when none is named) by what each has left. A line not in the order, or more than a
 * line (or the lines) has left, answers a clear 4xx that changes nothing.
 */
function partsFor(ledger: OrderLedgerView, body: OpsRefundBody, amountPaise: number): RefundPart[] {
  try {
    if (body.parts)
      return checkParts(
        body.parts.map((p) => ({ lineId: p.line_id, paise: toPaise(p.amount) })),
        ledger.lines,
      );
    const ids = body.line_ids ? new Set(body.line_ids) : null;
    for (const id of ids ?? []) if (!ledger.lines.some((l) => l.id === id)) throw notFound('Line');
    const lines = ledger.lines.filter((l) => ids === null || ids.has(l.id));
    return spreadOverLines(amountPaise, lines);
  } catch (err) {
    if (!(err instanceof RefundPartError)) throw err;
    if (err.code === 'unknown_line') throw notFound('Line');
    const code = err.code === 'refund_exceeds_line' ? 'refund_exceeds_line' : 'refund_exceeds_lines';
    const message = ledger.refundablePaise === 0 ? 'This order has been refunded in full.' : err.message;
    throw new HttpError(409, code, message, {
      [body.parts ? 'parts' : 'amount']: `At most ${toRupees(err.leftPaise).toFixed(2)}`,
    });
  }
}

/**
 * The orders module's part of POST /api/ops/orders/{id}/refunds (src/workflows/refund.workflow.ts), in
 * the caller's transaction: the order locked, the parts checked against what each line has left, the
 * refund written pending. An amount over the lines picked (all by default), with a reason; lines kept.
 */
export async function writeOperatorRefund(
  tx: Db,
  deps: Pick<AppDeps, 'payments'>,
  p: { operatorId: number; orderId: number; body: OpsRefundBody; now: Date },
): Promise<{ row: RefundRow; parts: RefundPart[]; committedPaise: number }> {
  const amountPaise = toPaise(p.body.amount);
  const order = await lockOrderRow(tx, p.orderId);
  if (!order) throw notFound('Order');
  const ledger = (await orderLedgerOf(tx, p.orderId))!;
  if (!canRefund(ledger)) throw conflict('Only a paid order can be refunded.');
  const parts = partsFor(ledger, p.body, amountPaise);
  const row = await writeRefund(tx, deps, order, {
    amountPaise,
    reason: p.body.reason,
    kind: 'operator',
    lineIds: [],
    parts,
    userId: p.operatorId,
    now: p.now,
  });
  return { row, parts, committedPaise: ledger.committedPaise };
}

/** The answer to an operator's refund: the refund with its parts and what the order has left, from the ledger. */
export async function operatorRefundAnswer(
  db: Db,
  orderId: number,
  refund: RefundRow,
): Promise<OpsRefundResponse> {
  const ledger = (await orderLedgerOf(db, orderId))!;
  return {
    order_id: orderId,
    refund: refundSummaryWith(refund, partsOf(ledger, refund.id)),
    refundable: toRupees(ledger.refundablePaise),
  };
}
