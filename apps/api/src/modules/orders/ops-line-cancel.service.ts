import { type OpsLineCancelBody, type OpsLineCancelResponse, toPaise, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { queueLinesCancelled } from '../notifications/line-cancel-notifications.ts';
import { cancelLineBookings } from './booking-rows.repository.ts';
import { canRefund, lineLeft, orderLedgerOf } from './order-ledger.service.ts';
import { moveLine } from './order-lines.repository.ts';
import { settleOrderStatus } from './refund-settlement.service.ts';
import { findOrderLines, lockOrderRow } from './refunds.repository.ts';
import { refundSummary, settleOrRefuse, writeRefund } from './refunds.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'refundSteps'>;
type Log = Parameters<typeof settleOrRefuse>[3];

/**
 * POST /api/ops/orders/{id}/lines/{lineId}/cancel (docs/product-rules.md, docs/product-rules.md section 14 and 17): an operator
 * cancels one line of a paid order with a reason, through the line state machine; its dates are free at
 * once; an optional refund (rupees with GST, 0 allowed, up to what THAT LINE has left: decision 065, never
 * taken from another line) is written like any refund, its one part on this line.
 * Audited; the site's owner and the buyer are told by SMS and email in the same transaction.
 */
export async function cancelLineByOperator(
  deps: Deps,
  operatorId: number,
  orderId: number,
  lineId: number,
  body: OpsLineCancelBody,
  log?: Log,
): Promise<OpsLineCancelResponse> {
  const refundPaise = toPaise(body.refund ?? 0);
  const written = await inTransaction(deps.database.db, async (tx) => {
    const now = deps.clock.now();
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
    const committed = ledger.committedPaise;
    await moveLine(tx, {
      lineId,
      to: 'cancelled',
      actorUserId: operatorId,
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
            userId: operatorId,
            now,
          })
        : null;
    await settleOrderStatus(tx, orderId, now);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.line_cancel',
      entity: 'order',
      entityId: String(orderId),
      before: { line_id: lineId, status: line.status, refunded: toRupees(committed) },
      after: {
        line_id: lineId,
        status: 'cancelled',
        reason: body.reason,
        refund: toRupees(refundPaise),
        refund_id: refund?.id ?? null,
      },
      createdAt: now,
    });
    await queueLinesCancelled(tx, {
      orderId,
      lineIds: [lineId],
      reason: body.reason,
      refundRupees: toRupees(refundPaise),
      eventKey: `order:${orderId}:line-cancel:${lineId}`,
    });
    return { refundId: refund?.id ?? null, refundable: ledger.refundablePaise - refundPaise };
  });
  const refund =
    written.refundId === null ? null : await settleOrRefuse(deps, orderId, written.refundId, log);
  return {
    order_id: orderId,
    line_id: lineId,
    status: 'cancelled',
    refund: refund && refundSummary(refund),
    refundable: toRupees(written.refundable),
  };
}
