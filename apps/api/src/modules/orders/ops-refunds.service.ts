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
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import { canRefund, type OrderLedgerView, orderLedgerOf, partsOf } from './order-ledger.service.ts';
import type { settleRefund } from './refund-settlement.service.ts';
import { lockOrderRow } from './refunds.repository.ts';
import { refundSummaryWith, settleOrRefuse, writeRefund } from './refunds.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'refundSteps'>;
type Log = Parameters<typeof settleRefund>[3];

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

/** POST /api/ops/orders/{id}/refunds: an amount over the lines picked (all by default), with a reason; lines kept. */
export async function operatorRefund(
  deps: Deps,
  operatorId: number,
  orderId: number,
  body: OpsRefundBody,
  key: string | undefined,
  log?: Log,
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
      const ledger = (await orderLedgerOf(tx, orderId))!;
      if (!canRefund(ledger)) throw conflict('Only a paid order can be refunded.');
      const parts = partsFor(ledger, body, amountPaise);
      const row = await writeRefund(tx, deps, order, {
        amountPaise,
        reason: body.reason,
        kind: 'operator',
        lineIds: [],
        parts,
        userId: operatorId,
        now,
      });
      await recordAudit(tx, {
        actorUserId: operatorId,
        action: 'order.refund',
        entity: 'order',
        entityId: String(orderId),
        before: { refunded: toRupees(ledger.committedPaise) },
        after: {
          refund_id: row.id,
          amount: body.amount,
          parts: parts.map((p) => ({ line_id: p.lineId, amount: toRupees(p.paise) })),
          reason: body.reason,
          credit_note_number: row.creditNoteNumber,
          refunded: toRupees(ledger.committedPaise + amountPaise),
        },
        createdAt: now,
      });
      await recordResult(tx, call, row.id);
      return row.id;
    }),
  );
  const refund = await settleOrRefuse(deps, orderId, refundId, log);
  const ledger = (await orderLedgerOf(db, orderId))!;
  return {
    order_id: orderId,
    refund: refundSummaryWith(refund, partsOf(ledger, refund.id)),
    refundable: toRupees(ledger.refundablePaise),
  };
}
