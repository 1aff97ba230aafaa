import { type ConfirmRequest, safeText } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inSavepoint, inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound, sqlState } from '../../lib/errors.ts';
import { afterOrderPaid } from '../orders/order-paid.ts';
import { confirmOrderBookings, markOrderFailed, markOrderPaid } from '../orders/order-records.service.ts';
import { refundLatePayment } from '../orders/refund-settlement.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  findOrderByProviderOrderId,
  findOrderOfUser,
  lockOrder,
  lockSitesOfOrder,
  type PaymentOrderRow,
  recordPayment,
  recordWebhookEvent,
} from './payments.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'config'>;

export function paymentProviderOf(deps: Pick<AppDeps, 'payments'>): PaymentProvider {
  if (!deps.payments) throw new Error('No payment provider configured');
  return deps.payments;
}

export type PaymentOutcome = 'confirmed' | 'already_paid' | 'sites_taken';

/**
 * Applies one captured payment to one order, inside the caller's transaction, with the order locked so a
 * confirm and a webhook arriving together apply it once. Paid orders stay paid (a second delivery writes
 * nothing). If the hold lapsed and someone else took a site, the payment is recorded, the order marked
 * failed and an operator must refund it: a booking is never confirmed twice.
 */
export async function applyCapturedPayment(
  tx: Db,
  log: FastifyBaseLogger,
  p: {
    orderId: number;
    provider: string;
    paymentId: string;
    amountPaise: number;
    now: Date;
    /** Cash: the reference and the operator who recorded it. */
    reference?: string;
    recordedByUserId?: number;
    /** COMMISSION_PERCENT now: each line's payout share is fixed with it (decision 047). */
    commissionPercent: number;
  },
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
    provider: p.provider,
    paymentId: p.paymentId,
  });
  log.info({ orderId: order.id, paymentId: p.paymentId }, 'order paid');
  return 'confirmed';
}

const sitesTaken = () =>
  new HttpError(
    409,
    'sites_unavailable',
    'The sites of this order were booked by someone else after its 15 minutes ran out. Your payment will be refunded.',
  );

/**
 * POST /booking/confirm. The signature is checked against the provider order id WE stored, and the amount
 * (paise, as checkout answered it) against the order's, before anything is written.
 */
export async function confirmCheckoutPayment(
  deps: Deps,
  log: FastifyBaseLogger,
  userId: number,
  body: ConfirmRequest,
): Promise<void> {
  const db = deps.database.db;
  const order = await findOrderOfUser(db, body.order_id, userId);
  if (!order) throw notFound('Order');
  if (!order.providerOrderId) {
    throw new HttpError(409, 'payment_not_started', 'This order has no online payment to confirm.');
  }
  const provider = paymentProviderOf(deps);
  const genuine = provider.verifyPaymentSignature(order.providerOrderId, body.payment_id, body.signature);
  if (!genuine || body.razorpay_order_id !== order.providerOrderId) {
    log.warn({ orderId: order.id }, 'payment confirmation with a signature that does not match');
    throw new HttpError(400, 'invalid_signature', 'The payment could not be verified.');
  }
  if (body.amount !== order.amountPaise) {
    throw new HttpError(
      400,
      'amount_mismatch',
      'The amount paid does not match the order (amounts are in paise).',
      {
        amount: String(order.amountPaise),
      },
    );
  }
  const outcome = await inTransaction(db, (tx) =>
    applyCapturedPayment(tx, log, {
      orderId: order.id,
      provider: provider.name,
      paymentId: body.payment_id,
      amountPaise: order.amountPaise,
      now: deps.clock.now(),
      commissionPercent: deps.config.commissionPercent,
    }),
  );
  if (outcome === 'sites_taken') throw sitesTaken();
}

const notesSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();
/** Ids in an event go into queries and rows: the shared text rules (no NUL, capped) apply to them too. */
const eventText = (label: string) => safeText({ max: 200, label, trim: false });
const entitySchema = z.looseObject({
  id: eventText('id'),
  order_id: eventText('order_id').nullish(),
  amount: z.number().optional(),
  amount_paid: z.number().optional(),
  currency: eventText('currency').optional(),
  receipt: eventText('receipt').nullish(),
  notes: notesSchema,
});
const webhookSchema = z.looseObject({
  event: eventText('event'),
  id: eventText('id').optional(),
  payload: z
    .looseObject({
      payment: z.looseObject({ entity: entitySchema }).optional(),
      order: z.looseObject({ entity: entitySchema }).optional(),
    })
    .default({}),
});
type WebhookEvent = z.infer<typeof webhookSchema>;

export type WebhookResult = 'applied' | 'duplicate' | 'ignored';

/**
 * POST /payments/razorpay/webhook. The signature covers the raw bytes; nothing is read before it checks.
 * Each event id is applied once (webhook_events, in the same transaction as its effect).
 */
export async function handleWebhook(
  deps: Deps,
  log: FastifyBaseLogger,
  rawBody: Buffer,
  headers: { signature?: string; eventId?: string },
): Promise<WebhookResult> {
  const provider = paymentProviderOf(deps);
  if (!provider.verifyWebhookSignature(rawBody, headers.signature)) {
    log.warn('webhook with a bad signature');
    throw new HttpError(400, 'invalid_signature', 'The webhook signature does not match.');
  }
  let parsed: WebhookEvent;
  try {
    parsed = webhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch (err) {
    const issue = err instanceof z.ZodError ? err.issues[0] : undefined;
    const fields = issue ? { [issue.path.join('.') || 'body']: issue.message } : undefined;
    throw badRequest('The webhook body is not a payment event.', fields);
  }
  const header = eventText('x-razorpay-event-id').optional().safeParse(headers.eventId);
  if (!header.success) {
    throw badRequest('The webhook event id is not valid.', {
      'x-razorpay-event-id': header.error.issues[0].message,
    });
  }
  const payment = parsed.payload.payment?.entity;
  const providerOrder = parsed.payload.order?.entity;
  const eventId =
    headers.eventId || parsed.id || `${parsed.event}:${payment?.id ?? providerOrder?.id ?? 'unknown'}`;
  const db = deps.database.db;
  const now = deps.clock.now();

  return inTransaction(db, async (tx) => {
    if (!(await recordWebhookEvent(tx, eventId.slice(0, 200), parsed.event.slice(0, 100), now)))
      return 'duplicate';
    if (!['order.paid', 'payment.captured', 'payment.failed'].includes(parsed.event)) return 'ignored';
    const order = await orderOfEvent(tx, payment, providerOrder);
    if (!order || !payment) {
      log.warn({ event: parsed.event, eventId }, 'webhook for no order of ours');
      return 'ignored';
    }
    if (parsed.event === 'payment.failed') {
      await recordPayment(tx, {
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: payment.id,
        status: 'failed',
        amountPaise: payment.amount ?? order.amountPaise,
        now,
      });
      log.info(
        { orderId: order.id, paymentId: payment.id },
        'payment failed; the order stays open until its hold lapses',
      );
      return 'applied';
    }
    const amount = payment.amount ?? providerOrder?.amount_paid;
    if (amount !== order.amountPaise || (payment.currency && payment.currency !== order.currency)) {
      log.error(
        { orderId: order.id, paymentId: payment.id },
        'captured amount differs from the order: not confirmed, review it',
      );
      return 'ignored';
    }
    await applyCapturedPayment(tx, log, {
      orderId: order.id,
      provider: provider.name,
      paymentId: payment.id,
      amountPaise: amount,
      now,
      commissionPercent: deps.config.commissionPercent,
    });
    return 'applied';
  });
}

type Entity = z.infer<typeof entitySchema>;

/**
 * The order an event is about: only the one whose provider order id the event carries, as we stored it
 * at checkout. Never by the receipt or notes: they hold our sequential order id, and a signed event
 * naming any id would otherwise pay someone else's order (a cash order has no provider order at all).
 */
async function orderOfEvent(
  tx: Db,
  payment?: Entity,
  providerOrder?: Entity,
): Promise<PaymentOrderRow | undefined> {
  // An order.paid whose payment names another provider order than its order entity is no event of ours.
  if (providerOrder?.id && payment?.order_id && providerOrder.id !== payment.order_id) return undefined;
  const providerOrderId = payment?.order_id ?? providerOrder?.id;
  return providerOrderId ? findOrderByProviderOrderId(tx, providerOrderId) : undefined;
}
