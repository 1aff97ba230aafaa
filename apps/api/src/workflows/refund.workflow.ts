import {
  type CancelOrderBody,
  type CancelOrderResponse,
  type OpsRefundBody,
  type OpsRefundResponse,
  type RefundQuote,
  toRupees,
} from '@ooh/shared';
import type { AppDeps } from '../app-types.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import {
  claimKey,
  idempotentCall,
  onceForKey,
  recordResult,
} from '../modules/idempotency/idempotency.service.ts';
import { queueLinesCancelled } from '../modules/notifications/notifications.service.ts';
import { operatorRefundAnswer, writeOperatorRefund } from '../modules/orders/ops-refunds.service.ts';
import { orderContacts } from '../modules/orders/order-contacts.service.ts';
import {
  buyerCancelQuote,
  cancelAnswerLines,
  cancelLinesForBuyer,
  paidAtOffice,
  refundSummary,
} from '../modules/orders/refunds.service.ts';
import { type Log, refundProcessedSteps, settleOrRefuse } from './settle-refund.workflow.ts';

/*
 * Refund (decisions 030, 036, 065, 088): a buyer's cancel with its refund, and an operator's refund of
 * an order's lines, in explicit steps over the modules' services. Both are one transaction under the
 * request's Idempotency-Key (idempotency: the key claimed first, the answer stored last, so a repeat
 * answers the first call and writes nothing), the order's row locked by the orders step; after the
 * commit, the refund is sent by the settle-refund workflow with the refund's own key.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

interface StoredCancel {
  quote: RefundQuote;
  refundId: number | null;
}

/**
 * POST /api/orders/{id}/cancel: confirm false answers the quote; true runs
 * 1. idempotency: the key claimed;
 * 2. orders: the lines cancelled (dates freed), the order's status read again, the refund written pending;
 * 3. a cash order's refund is paid at the office: processed at once (settle-refund's processed steps);
 * 4. notifications: the sites' owners and the buyer told of the cancel at once (SMS, email), so no one
 *    mounts a cancelled campaign (issue 19), whom to tell read by orders; the refund is told only when
 *    processed;
 * 5. idempotency: the answer stored; after the commit, settle-refund sends it (502 when refused).
 */
export async function cancelOrder(
  deps: Deps,
  userId: number,
  orderId: number,
  body: CancelOrderBody,
  key: string | undefined,
  log?: Log,
): Promise<CancelOrderResponse> {
  if (!body.confirm) return buyerCancelQuote(deps, userId, orderId, body.line_ids);
  const db = deps.database.db;
  const call = idempotentCall(userId, 'order_cancel', key, { orderId, ...body });
  const stored = await onceForKey<StoredCancel>(db, call, () =>
    inTransaction(db, async (tx) => {
      const now = deps.clock.now();
      await claimKey(tx, call, now);
      const cancelled = await cancelLinesForBuyer(tx, deps, { userId, orderId, lineIds: body.line_ids, now });
      const refund = cancelled.refund;
      if (refund && paidAtOffice(refund)) await refundProcessedSteps(tx, refund, null, now);
      await queueLinesCancelled(
        tx,
        {
          orderId,
          lineIds: cancelled.lineIds,
          reason: 'Cancelled by the buyer',
          refundRupees: toRupees(cancelled.quote.totalPaise),
          eventKey: `order:${orderId}`,
        },
        orderContacts,
      );
      const result: StoredCancel = { quote: cancelled.quote, refundId: refund?.id ?? null };
      await recordResult(tx, call, result);
      return result;
    }),
  );
  const refund = stored.refundId === null ? null : await settleOrRefuse(deps, orderId, stored.refundId, log);
  return {
    order_id: orderId,
    confirmed: true,
    ...cancelAnswerLines(stored.quote),
    refund: refund && refundSummary(refund),
  };
}

/**
 * POST /api/ops/orders/{id}/refunds: an amount over the lines picked (all by default), with a reason;
 * the lines are kept.
 * 1. idempotency: the key claimed;
 * 2. orders: the parts checked against each line's left under the order's lock, the refund written;
 * 3. a cash order's refund processed at once (settle-refund's processed steps);
 * 4. audit: the operator's refund recorded (with the credit-note number a cash refund took);
 * 5. idempotency: the answer stored; after the commit settle-refund sends it; the answer is read from
 *    the orders ledger.
 */
export async function operatorRefund(
  deps: Deps,
  operatorId: number,
  orderId: number,
  body: OpsRefundBody,
  key: string | undefined,
  log?: Log,
): Promise<OpsRefundResponse> {
  const db = deps.database.db;
  const call = idempotentCall(operatorId, 'ops_refund', key, { orderId, ...body });
  const refundId = await onceForKey<number>(db, call, () =>
    inTransaction(db, async (tx) => {
      const now = deps.clock.now();
      await claimKey(tx, call, now);
      const written = await writeOperatorRefund(tx, deps, { operatorId, orderId, body, now });
      const row = paidAtOffice(written.row)
        ? await refundProcessedSteps(tx, written.row, null, now)
        : written.row;
      await recordAudit(tx, {
        actorUserId: operatorId,
        action: 'order.refund',
        entity: 'order',
        entityId: String(orderId),
        before: { refunded: toRupees(written.committedPaise) },
        after: {
          refund_id: row.id,
          amount: body.amount,
          parts: written.parts.map((p) => ({ line_id: p.lineId, amount: toRupees(p.paise) })),
          reason: body.reason,
          credit_note_number: row.creditNoteNumber,
          refunded: toRupees(written.committedPaise + row.amountPaise),
        },
        createdAt: now,
      });
      await recordResult(tx, call, row.id);
      return row.id;
    }),
  );
  const refund = await settleOrRefuse(deps, orderId, refundId, log);
  return operatorRefundAnswer(db, orderId, refund);
}
