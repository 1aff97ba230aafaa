import { type OpsLineCancelBody, type OpsLineCancelResponse, toRupees } from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { queueLinesCancelled } from '../modules/notifications/notifications.service.ts';
import { cancelLineForOperator } from '../modules/orders/ops-line-cancel.service.ts';
import { orderContacts } from '../modules/orders/order-contacts.service.ts';
import { settleOrderStatus } from '../modules/orders/refund-settlement.service.ts';
import { paidAtOffice, refundSummary } from '../modules/orders/refunds.service.ts';
import { type Log, refundProcessedSteps, settleOrRefuse } from './settle-refund.workflow.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

/**
 * POST /api/ops/orders/{id}/lines/{lineId}/cancel (docs/product-rules.md sections 14 and 17, decisions
 * 048, 065, 088): an operator cancels one line of a paid order with a reason and an optional refund (up
 * to what THAT line has left, never taken from another line). One transaction, the order's row locked:
 * 1. orders: the line checked (a line with proof posted is refused), moved to cancelled, its dates freed,
 *    the refund written pending (0 writes none);
 * 2. a cash order's refund is paid at the office: processed at once (settle-refund's processed steps);
 * 3. orders: the order's status read again from the ledger;
 * 4. audit: the cancel recorded with its refund;
 * 5. notifications: the site's owner and the buyer told of the cancel by SMS and email (the refund is
 *    told only when processed), whom to tell read by orders.
 * After the commit, settle-refund sends the refund with its own key (502 when the provider refuses).
 */
export async function cancelLineByOperator(
  deps: Deps,
  operatorId: number,
  orderId: number,
  lineId: number,
  body: OpsLineCancelBody,
  log?: Log,
): Promise<OpsLineCancelResponse> {
  const written = await inTransaction(deps.database.db, async (tx) => {
    const now = deps.clock.now();
    const c = await cancelLineForOperator(tx, deps, { operatorId, orderId, lineId, body, now });
    const refund =
      c.refund && paidAtOffice(c.refund) ? await refundProcessedSteps(tx, c.refund, null, now) : c.refund;
    await settleOrderStatus(tx, orderId, now);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.line_cancel',
      entity: 'order',
      entityId: String(orderId),
      before: { line_id: lineId, status: c.lineStatus, refunded: toRupees(c.committedPaise) },
      after: {
        line_id: lineId,
        status: 'cancelled',
        reason: body.reason,
        refund: toRupees(c.refundPaise),
        refund_id: refund?.id ?? null,
      },
      createdAt: now,
    });
    await queueLinesCancelled(
      tx,
      {
        orderId,
        lineIds: [lineId],
        reason: body.reason,
        refundRupees: toRupees(c.refundPaise),
        eventKey: `order:${orderId}:line-cancel:${lineId}`,
      },
      orderContacts,
    );
    return { refundId: refund?.id ?? null, refundable: c.refundablePaise };
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
