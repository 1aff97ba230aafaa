import { type OpsLineCancelBody, toPaise, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { cancelLineBookings } from './booking-rows.repository.ts';
import { canRefund, lineLeft, orderLedgerOf } from './order-ledger.service.ts';
import { moveLine } from './order-lines.repository.ts';
import { findOrderLines, lockOrderRow, type RefundRow } from './refunds.repository.ts';
import { writeRefund } from './refunds.service.ts';

/**
 * The orders module's part of POST /api/ops/orders/{id}/lines/{lineId}/cancel (docs/product-rules.md
 * sections 14 and 17; the sequence is src/workflows/cancel-line.workflow.ts): in the caller's transaction,
 * the order locked, one line of a paid order moved to cancelled through the line state machine with its
 * dates freed at once, and an optional refund (rupees with GST, 0 allowed, up to what THAT LINE has left:
 * decision 065, never taken from another line) written pending like any refund, its one part on this line.
 */
export async function cancelLineForOperator(
  tx: Db,
  deps: Pick<AppDeps, 'payments'>,
  p: { operatorId: number; orderId: number; lineId: number; body: OpsLineCancelBody; now: Date },
): Promise<{
  refund: RefundRow | null;
  refundPaise: number;
  /** What the order had refunded or committed to refunds before this cancel (the audit's "before"). */
  committedPaise: number;
  refundablePaise: number;
  lineStatus: string;
}> {
  const { orderId, lineId, body, now } = p;
  const refundPaise = toPaise(body.refund ?? 0);
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound('Order');
  const ledger = (await orderLedgerOf(tx, orderId))!;
  if (!canRefund(ledger)) throw conflict('Only a line of a paid order can be cancelled.');
  const line = (await findOrderLines(tx, orderId)).find((l) => l.id === lineId);
  if (!line) throw notFound('Line');
  // Decision 048: a line with proof posted is running on the board; it is refunded, never cancelled.
  if (line.status === 'posted')
    throw conflict(
      'This line has proof of posting: it is running, so it cannot be cancelled. Refund an amount instead.',
    );
  const left = lineLeft(ledger, lineId);
  if (refundPaise > left)
    throw new HttpError(
      409,
      'refund_exceeds_line',
      left > 0
        ? `Only ₹${toRupees(left).toFixed(2)} is left to refund on this line.`
        : 'This line has been refunded in full.',
      { refund: `At most ${toRupees(left).toFixed(2)}` },
    );
  await moveLine(tx, {
    lineId,
    to: 'cancelled',
    actorUserId: p.operatorId,
    actorRole: 'operator',
    note: `Cancelled by an operator: ${body.reason}`,
    now,
  });
  await cancelLineBookings(tx, [lineId]);
  // 0 writes no refund (nothing returned, no credit note).
  const refund =
    refundPaise > 0
      ? await writeRefund(tx, deps, order, {
          amountPaise: refundPaise,
          reason: body.reason,
          kind: 'operator',
          lineIds: [lineId],
          parts: [{ lineId, paise: refundPaise }],
          userId: p.operatorId,
          now,
        })
      : null;
  return {
    refund,
    refundPaise,
    committedPaise: ledger.committedPaise,
    refundablePaise: ledger.refundablePaise - refundPaise,
    lineStatus: line.status,
  };
}
