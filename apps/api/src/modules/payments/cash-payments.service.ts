import { formatRupees, type MarkPaidRequest, type MarkPaidResponse, toPaise, toRupees } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { invoiceNumberOf } from '../invoices/invoices.service.ts';
import { findPayment } from './payments.repository.ts';
import type { ApplyCapturedPayment, PaymentOrderRow, PaymentOrders } from './payments.service.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config'>;

/** One cash payment per order: a replay (double click, retry) finds this id and never pays twice. */
const cashPaymentId = (orderId: number) => `cash_${orderId}`;

const auditView = (o: PaymentOrderRow) => ({
  status: o.status,
  payment_method: o.paymentMethod,
  amount: toRupees(o.amountPaise),
  paid_at: o.paidAt?.toISOString() ?? null,
});

/**
 * POST /api/ops/orders/{id}/mark-paid (docs/product-rules.md section 10): an operator records a cash or bank-transfer
 * payment of a cash order awaiting payment, which confirms it through the same path as an online payment
 * (applyCapturedPayment -> afterOrderPaid -> tax invoice), audited in the same transaction. The amount
 * must be the order's total payable, GST included. The order's row lock serialises double clicks; a
 * replay with the same reference answers the first result.
 */
export async function markCashOrderPaid(
  deps: Deps,
  log: FastifyBaseLogger,
  operatorId: number,
  orderId: number,
  body: MarkPaidRequest,
  applyCapturedPayment: ApplyCapturedPayment,
  orders: Pick<PaymentOrders, 'lockOrder'>,
): Promise<MarkPaidResponse> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const outcome = await inTransaction(db, async (tx) => {
    const order = await orders.lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (order.paidAt !== null) {
      const earlier = await findPayment(tx, cashPaymentId(order.id));
      if (earlier && earlier.reference === body.reference && earlier.amountPaise === toPaise(body.amount))
        return 'already_paid' as const;
      throw new HttpError(409, 'order_paid', 'This order is already paid.');
    }
    if (order.status !== 'awaiting_payment' || order.paymentMethod !== 'cash') {
      throw new HttpError(
        409,
        'not_awaiting_payment',
        order.status === 'pending_payment'
          ? 'This order is being paid online; only an order placed for cash payment can be marked paid.'
          : `This order is ${order.status.replace('_', ' ')} and cannot be marked paid. The buyer must place it again.`,
      );
    }
    if (!order.placeOfSupply) {
      throw new HttpError(
        409,
        'billing_state_required',
        'This order has no billing state yet, so its GST is not known.',
      );
    }
    if (toPaise(body.amount) !== order.amountPaise) {
      throw new HttpError(
        400,
        'amount_mismatch',
        `The amount must be the order's total payable, ${formatRupees(toRupees(order.amountPaise))} (GST included), not ${formatRupees(body.amount)}.`,
        { amount: `Enter ${toRupees(order.amountPaise)}` },
      );
    }
    const result = await applyCapturedPayment(tx, log, {
      orderId: order.id,
      provider: 'cash',
      paymentId: cashPaymentId(order.id),
      amountPaise: order.amountPaise,
      now,
      reference: body.reference,
      recordedByUserId: operatorId,
      commissionPercent: deps.config.commissionPercent,
      marketplaceGstin: deps.config.company.gstin,
    });
    const after = await orders.lockOrder(tx, order.id);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'order.mark_paid',
      entity: 'order',
      entityId: String(order.id),
      before: auditView(order),
      after: { ...auditView(after!), reference: body.reference },
      createdAt: now,
    });
    return result;
  });
  if (outcome === 'sites_taken') {
    throw new HttpError(
      409,
      'sites_unavailable',
      "This order's hold lapsed and its sites were booked by someone else: the payment is recorded, the order failed; refund the buyer.",
    );
  }
  return {
    data: {
      order_id: orderId,
      status: 'paid',
      amount: body.amount,
      invoice_number: await invoiceNumberOf(db, orderId),
    },
  };
}
