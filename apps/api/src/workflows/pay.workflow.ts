import type { MarkPaidRequest, MarkPaidResponse } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-types.ts';
import type { Db } from '../db/client.ts';
import { inSavepoint } from '../db/transaction.ts';
import { sqlState } from '../lib/errors.ts';
import { issueInvoice } from '../modules/invoices/invoices.service.ts';
import { queueBookingConfirmed } from '../modules/notifications/notifications.service.ts';
import { orderContacts } from '../modules/orders/order-contacts.service.ts';
import {
  confirmOrderBookings,
  lockOrder,
  markOrderFailed,
  markOrderPaid,
} from '../modules/orders/order-records.service.ts';
import { paymentOrders } from '../modules/orders/payment-orders.service.ts';
import { refundLatePayment } from '../modules/orders/refund-settlement.service.ts';
import { payoutFiguresOf } from '../modules/orders/statement-ledger.service.ts';
import { ownersForPayouts } from '../modules/partners/partners.service.ts';
import * as cash from '../modules/payments/cash-payments.service.ts';
import * as payments from '../modules/payments/payments.service.ts';
import {
  type CapturedPayment,
  lockSitesOfOrder,
  type PaymentOutcome,
  recordPayment,
} from '../modules/payments/payments.service.ts';
import * as reconciliation from '../modules/payments/reconciliation.service.ts';
import { createHeldPayouts } from '../modules/payouts/payouts.service.ts';

/*
 * Pay (decision 072): a captured payment confirmed -> the order paid -> its holds become bookings -> the tax
 * invoice -> the confirmations -> each line's payout on hold. One transaction, the order row locked:
 * 1. orders: the order locked; payments: a payment for an order paid before or failed is recorded and
 *    returned (orders: refundLatePayment, a payment reversal);
 * 2. orders: the holds confirmed as bookings (a savepoint: a site taken meanwhile fails the order and
 *    returns the payment);
 * 3. payments: the payment recorded; orders: the order marked paid, its lines scheduled;
 * 4. invoices, notifications, payouts: afterOrderPaid (orders hands notifications the order's contacts and
 *    payouts the lines and their owners).
 * The entry points (the confirm, the webhook, the reconciliation job, an operator's cash payment) live in
 * the payments module and get this step from here, so every path pays the same way, with the orders
 * module's reads of the orders they pay (paymentOrders: payments reads no order table, issue 43).
 */

/**
 * Applies one captured payment to one order, inside the caller's transaction, with the order locked so a
 * confirm and a webhook arriving together apply it once. Paid orders stay paid (a second delivery writes
 * nothing). If the hold lapsed and someone else took a site, the payment is recorded, the order marked
 * failed and an operator must refund it: a booking is never confirmed twice.
 */
export async function applyCapturedPayment(
  tx: Db,
  log: FastifyBaseLogger,
  p: CapturedPayment,
): Promise<PaymentOutcome> {
  const order = await lockOrder(tx, p.orderId);
  if (!order) throw new Error(`order ${p.orderId} vanished`);
  const payment = {
    orderId: order.id,
    provider: p.provider,
    providerPaymentId: p.paymentId,
    amountPaise: p.amountPaise,
    reference: p.reference,
    recordedByUserId: p.recordedByUserId,
  };
  const late = {
    orderId: order.id,
    provider: p.provider,
    paymentId: p.paymentId,
    amountPaise: p.amountPaise,
  };
  // Paid once (whatever was refunded or cancelled since), or failed: this payment applies to nothing.
  const paidBefore = order.paidAt !== null;
  if (paidBefore || order.status === 'failed') {
    const isNew = await recordPayment(tx, { ...payment, status: 'captured', now: p.now });
    if (isNew) {
      await refundLatePayment(tx, { ...late, now: p.now });
      log.warn(
        { orderId: order.id, paymentId: p.paymentId },
        'second payment for a closed order: refunded automatically',
      );
    }
    return paidBefore ? 'already_paid' : 'sites_taken';
  }
  // Placements on these sites wait meanwhile: the holds become bookings without meeting theirs half-written.
  await lockSitesOfOrder(tx, order.id);
  try {
    // A savepoint: a lost race rolls back only the booking update, and the payment is still recorded below.
    await inSavepoint(tx, (sp) => confirmOrderBookings(sp, order.id));
  } catch (err) {
    if (sqlState(err) !== '23P01') throw err;
    await recordPayment(tx, { ...payment, status: 'captured', now: p.now });
    await markOrderFailed(tx, order.id, p.now);
    await refundLatePayment(tx, { ...late, now: p.now });
    log.warn(
      { orderId: order.id, paymentId: p.paymentId },
      'payment arrived after the sites were taken: order failed, payment refunded automatically',
    );
    return 'sites_taken';
  }
  await recordPayment(tx, { ...payment, status: 'captured', now: p.now });
  await markOrderPaid(tx, order.id, p.now);
  await afterOrderPaid(tx, order.id, p.now, {
    commissionPercent: p.commissionPercent,
    marketplaceGstin: p.marketplaceGstin,
    provider: p.provider,
    paymentId: p.paymentId,
  });
  log.info({ orderId: order.id, paymentId: p.paymentId }, 'order paid');
  return 'confirmed';
}

/**
 * Everything that happens when an order becomes paid, online or in cash, inside the transaction that
 * records the payment, after markOrderPaid moved the order and scheduled its lines (their timelines
 * start there): the tax invoice gets its number, the confirmations are queued, each line's owner share
 * becomes a payout on hold (decision 047). One place, so both payment paths do the same.
 */
export async function afterOrderPaid(
  tx: Db,
  orderId: number,
  now: Date,
  payment: { commissionPercent: number; marketplaceGstin: string; provider: string; paymentId: string },
): Promise<void> {
  await issueInvoice(tx, orderId, now);
  await queueBookingConfirmed(tx, orderId, now, orderContacts);
  await holdOrderPayouts(tx, { orderId, now, ...payment });
}

/**
 * Each line's owner share on hold as a payout (decision 047, taxed as DESIGN 18 writes it, decision 093):
 * orders hands payouts the lines, their sites' states and owners as its ledger reads them, partners the
 * owners' GSTIN and PAN, so payouts reads no order or owner table (decision 088).
 */
export async function holdOrderPayouts(
  tx: Db,
  p: {
    orderId: number;
    now: Date;
    commissionPercent: number;
    marketplaceGstin: string;
    provider: string;
    paymentId: string;
  },
): Promise<void> {
  const order = await payoutFiguresOf(tx, p.orderId);
  if (!order) return;
  const ownerIds = [
    ...new Set(order.lines.flatMap((l) => (l.mediaOwnerId === null ? [] : [l.mediaOwnerId]))),
  ];
  const owners = new Map((await ownersForPayouts(tx, ownerIds)).map((o) => [o.id, o]));
  const lines = order.lines.map((l) => {
    const owner = l.mediaOwnerId === null ? undefined : owners.get(l.mediaOwnerId);
    return owner
      ? { ...l, parties: { siteState: l.siteState, ownerGstin: owner.gstin, ownerPan: owner.pan } }
      : l;
  });
  await createHeldPayouts(tx, { ...p, order: { ...order, lines } });
}

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'config'>;

/** POST /booking/confirm (bookings routes). */
export const confirmCheckoutPayment = (
  deps: Deps,
  log: FastifyBaseLogger,
  userId: number,
  body: Parameters<typeof payments.confirmCheckoutPayment>[3],
) => payments.confirmCheckoutPayment(deps, log, userId, body, applyCapturedPayment, paymentOrders);

/** POST /payments/razorpay/webhook (payments routes). */
export const handleWebhook = (
  deps: Deps,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  headers: { signature?: string; eventId?: string },
) => payments.handleWebhook(deps, log, rawBody, headers, applyCapturedPayment, paymentOrders);

/** POST /api/ops/orders/{id}/mark-paid (invoices routes): an operator records a cash payment. */
export const markCashOrderPaid = (
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  log: FastifyBaseLogger,
  operatorId: number,
  orderId: number,
  body: MarkPaidRequest,
): Promise<MarkPaidResponse> =>
  cash.markCashOrderPaid(deps, log, operatorId, orderId, body, applyCapturedPayment, paymentOrders);

/** The payment reconciliation job (jobs): captured payments the provider holds, applied the same way. */
export const reconcilePayments = (
  deps: Deps,
  log: FastifyBaseLogger,
  options: Parameters<typeof reconciliation.reconcilePayments>[2],
) => reconciliation.reconcilePayments(deps, log, options, applyCapturedPayment, paymentOrders);

export const startPaymentReconciler = (deps: Deps, log: FastifyBaseLogger, intervalMs: number) =>
  reconciliation.startPaymentReconciler(deps, log, intervalMs, applyCapturedPayment, paymentOrders);
