import { type ConfirmRequest, type OrderStatus, safeText } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { recordPayment, recordWebhookEvent } from './payments.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments' | 'config'>;

export function paymentProviderOf(deps: Pick<AppDeps, 'payments'>): PaymentProvider {
  if (!deps.payments) throw new Error('No payment provider configured');
  return deps.payments;
}

export type PaymentOutcome = 'confirmed' | 'already_paid' | 'sites_taken';

/** One captured payment for one order, as the pay workflow applies it. */
export interface CapturedPayment {
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
  /** COMPANY_GSTIN: the GST on the commission is CGST + SGST for an owner of its state (decision 093). */
  marketplaceGstin: string;
}

/**
 * The pay workflow's step that applies a captured payment across the modules (workflows/pay.workflow.ts,
 * decision 072). The payment entry points here (confirm, webhook, reconciliation, cash) verify and record
 * what is the payments module's and hand the payment to it, inside their transaction.
 */
export type ApplyCapturedPayment = (
  tx: Db,
  log: FastifyBaseLogger,
  p: CapturedPayment,
) => Promise<PaymentOutcome>;

/** An order as a payment is checked against it: the fields of the orders module's row that payments reads. */
export interface PaymentOrderRow {
  id: number;
  status: OrderStatus;
  paymentMethod: 'razorpay' | 'cash';
  providerOrderId: string | null;
  amountPaise: number;
  currency: string;
  placeOfSupply: string | null;
  expiresAt: Date;
  paidAt: Date | null;
}

/**
 * The orders module's reads of the orders a payment is for (orders' payment-orders.service.ts
 * `paymentOrders`). Orders sits above payments (decision 072), so the pay and sandbox-checkout workflows
 * hand them to the entry points here and this module reads no order table (issue 43).
 */
export interface PaymentOrders {
  /** The buyer's own order; undefined for another's or none. */
  orderOfUser: (db: Db, orderId: number, userId: number) => Promise<PaymentOrderRow | undefined>;
  /** The order of a provider order id as stored at checkout; undefined for none of ours. */
  orderByProviderOrderId: (db: Db, providerOrderId: string) => Promise<PaymentOrderRow | undefined>;
  /** The order row, locked until the transaction ends: every change of one order's state takes it first. */
  lockOrder: (tx: Db, orderId: number) => Promise<PaymentOrderRow | undefined>;
  /**
   * Orders of `provider` with a provider order: those in an `open` status, and those in a `closedUnpaid`
   * status whose hold lapsed after `closedSince`; newest first, at most `limit`.
   */
  ordersToReconcile: (
    db: Db,
    p: {
      provider: string;
      open: readonly OrderStatus[];
      closedUnpaid: readonly OrderStatus[];
      closedSince: Date;
      limit: number;
    },
  ) => Promise<
    Array<
      Pick<PaymentOrderRow, 'id' | 'status' | 'providerOrderId' | 'amountPaise' | 'currency' | 'expiresAt'>
    >
  >;
}

/** The payment rows the pay workflow reads and writes, in its transaction (the payments module's own). */
export { findPayment, lockSitesOfOrder, recordPayment } from './payments.repository.ts';

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
  applyCapturedPayment: ApplyCapturedPayment,
  orders: Pick<PaymentOrders, 'orderOfUser'>,
): Promise<void> {
  const db = deps.database.db;
  const order = await orders.orderOfUser(db, body.order_id, userId);
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
      marketplaceGstin: deps.config.company.gstin,
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
  applyCapturedPayment: ApplyCapturedPayment,
  orders: Pick<PaymentOrders, 'orderByProviderOrderId'>,
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
    const order = await orderOfEvent(tx, orders, payment, providerOrder);
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
      marketplaceGstin: deps.config.company.gstin,
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
  orders: Pick<PaymentOrders, 'orderByProviderOrderId'>,
  payment?: Entity,
  providerOrder?: Entity,
): Promise<PaymentOrderRow | undefined> {
  // An order.paid whose payment names another provider order than its order entity is no event of ours.
  if (providerOrder?.id && payment?.order_id && providerOrder.id !== payment.order_id) return undefined;
  const providerOrderId = payment?.order_id ?? providerOrder?.id;
  return providerOrderId ? orders.orderByProviderOrderId(tx, providerOrderId) : undefined;
}
