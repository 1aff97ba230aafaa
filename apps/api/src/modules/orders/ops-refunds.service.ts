import { type OpsRefundBody, type OpsRefundResponse, toPaise, toRupees } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { claimKey, idempotentCall, onceForKey, recordResult } from '../idempotency/idempotency.service.ts';
import type { settleRefund } from './refund-settlement.service.ts';
import { findOrder, lockOrderRow, sumRefunded } from './refunds.repository.ts';
import { refundable, refundSummary, settleOrRefuse, writeRefund } from './refunds.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;
type Log = Parameters<typeof settleRefund>[3];

/** POST /api/ops/orders/{id}/refunds: any amount up to what is left, with a reason; lines untouched. */
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
      if (!refundable(order)) throw conflict('Only a paid order can be refunded.');
      const left = order.amountPaise - (await sumRefunded(tx, orderId));
      if (amountPaise > left)
        throw conflict(
          left > 0
            ? `Only ₹${toRupees(left).toFixed(2)} is left to refund on this order.`
            : 'This order has been refunded in full.',
          { amount: `At most ${toRupees(left).toFixed(2)}` },
        );
      const row = await writeRefund(tx, deps, order, {
        amountPaise,
        reason: body.reason,
        kind: 'operator',
        lineIds: [],
        userId: operatorId,
        now,
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
      await recordResult(tx, call, row.id);
      return row.id;
    }),
  );
  const refund = await settleOrRefuse(deps, orderId, refundId, log);
  const order = await findOrder(db, orderId);
  const refunded = await sumRefunded(db, orderId);
  return {
    order_id: orderId,
    refund: refundSummary(refund),
    refundable: toRupees(order.amountPaise - refunded),
  };
}
