import { type CheckoutRequest, type CheckoutResponse, HOLD_MINUTES } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { orderOfUser } from '../orders/booking-reads.service.ts';
import { assertCashAllowed, recordOfflineOrder } from '../orders/offline-payments.service.ts';
import {
  holdForCash,
  type OrderRow,
  openOnlineWindow,
  recordProviderOrder,
  recordTaxes,
} from '../orders/order-records.service.ts';
import { paymentProviderOf } from '../payments/payments.service.ts';
import { billingProfileOf, withPoNumber } from './billing-profile.service.ts';
import { taxesFromProfile } from './order-taxes.ts';

/** POST /booking/checkout: paying for a placed order, online or at the office (placing it: bookings.service.ts). */
type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'payments'>;

/**
 * Before any provider order exists the taxes follow the buyer's current details (they may have changed
 * their billing state after placing): recorded now, so the provider order and the invoice agree. After
 * that the amount is fixed. Missing details are a 400 asking for them.
 */
async function withCurrentTaxes(deps: Deps, order: OrderRow, userId: number): Promise<OrderRow> {
  if (order.providerOrderId) return order;
  const db = deps.database.db;
  const priced = taxesFromProfile(
    order.subtotalPaise,
    await billingProfileOf(db, userId, order.clientId),
    deps.config.company.state,
  );
  if (!priced.ok) throw priced.error;
  const t = withPoNumber(priced.taxes, order.poNumber);
  const same =
    order.amountPaise === t.amountPaise &&
    order.placeOfSupply === t.placeOfSupply &&
    order.buyerGstin === t.buyerGstin &&
    JSON.stringify(order.billing) === JSON.stringify(t.billing);
  if (same) return order;
  return (await inTransaction(db, (tx) => recordTaxes(tx, order.id, t))) ?? order;
}

/** The order must still be open and within its hold to be paid. */
export function assertPayable(order: OrderRow, now: Date): void {
  if (order.paidAt !== null) throw new HttpError(409, 'order_paid', 'This order is already paid.');
  if (order.status === 'failed' || order.status === 'cancelled') {
    throw new HttpError(409, 'order_closed', 'This order was closed. Please place a new order.');
  }
  if (order.status === 'expired' || order.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(
      409,
      'order_expired',
      'The time to pay for this order is over and its sites were released; nothing was charged. Please check out again.',
    );
  }
}

/**
 * POST /booking/checkout. Online: creates the provider order once (receipt = our order id, expiring with
 * the hold); a retry answers the same provider order. Cash: the order awaits payment at the office; its
 * holds last CASH_HOLD_HOURS counted from placing the order - choosing cash again, or switching back and
 * forth, never moves that time (docs/product-rules.md section 3) - and nothing is confirmed before money arrives.
 */
export async function checkout(
  deps: Deps,
  log: FastifyBaseLogger,
  userId: number,
  body: CheckoutRequest,
): Promise<CheckoutResponse> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const found = await orderOfUser(db, body.order_id, userId);
  if (!found) throw notFound('Order');
  assertPayable(found, now);
  let order = await withCurrentTaxes(deps, found, userId);
  const base = {
    order_id: order.id,
    amount: order.amountPaise,
    currency: 'INR' as const,
    expires_at: order.expiresAt.toISOString(),
  };
  if (body.payment === 'cash' || body.payment === 'bank_transfer') {
    // s.269ST: cash (not a bank transfer) stops at ₹2,00,000 per order or per buyer per day, GST included.
    if (body.payment === 'cash')
      await assertCashAllowed(deps, { userId, orderId: order.id, amountPaise: order.amountPaise, now });
    const cashEnd = order.createdAt.getTime() + deps.config.cashHoldHours * 3_600_000;
    // The cash hold is set once, CASH_HOLD_HOURS from placing; once an online window was opened the hold
    // never grows again (choosing a payment method never extends a hold).
    const until = order.providerOrderId
      ? order.expiresAt
      : new Date(Math.max(order.expiresAt.getTime(), cashEnd));
    const held = await inTransaction(db, (tx) => holdForCash(tx, order.id, until));
    if (!held) throw conflict('This order can no longer be paid.');
    await recordOfflineOrder(deps, {
      orderId: order.id,
      method: body.payment,
      amountPaise: order.amountPaise,
      until: held.expiresAt,
    });
    return {
      ...base,
      expires_at: held.expiresAt.toISOString(),
      provider: 'cash',
      razor_pay_order_id: null,
      key_id: null,
      checkout_url: null,
    };
  }

  const provider = paymentProviderOf(deps);
  if (order.paymentMethod === 'cash' || order.status === 'awaiting_payment') {
    // Pay online on a cash order: the short online window, ending no later than the cash hold did.
    const opened = await inTransaction(db, (tx) =>
      openOnlineWindow(tx, order.id, now, HOLD_MINUTES * 60_000),
    );
    if (!opened) throw conflict('This order can no longer be paid.');
    order = opened;
    base.expires_at = opened.expiresAt.toISOString();
  }
  let providerOrderId = order.providerOrderId;
  if (!providerOrderId) {
    // The provider order must charge the order's current total: taxes recorded by a concurrent checkout
    // (another tab, a changed billing state) while it was being made leave it stale, and it is made again.
    let amountPaise = order.amountPaise;
    for (let attempt = 1; ; attempt += 1) {
      const created = await provider.createOrder({
        amountPaise,
        currency: 'INR',
        receipt: String(order.id),
        notes: { order_id: String(order.id) },
        expiresAt: order.expiresAt,
        now,
      });
      const outcome = await inTransaction(db, (tx) =>
        recordProviderOrder(tx, order.id, provider.name, created.id, amountPaise),
      );
      if (outcome.kind === 'stale') {
        if (attempt >= 3) throw conflict('The total of this order keeps changing. Please try again.');
        amountPaise = outcome.order.amountPaise;
        continue;
      }
      if (outcome.kind === 'closed' || !outcome.order.providerOrderId)
        throw conflict('This order can no longer be paid.');
      // attached: ours; taken: a concurrent checkout stored its provider order first.
      providerOrderId = outcome.order.providerOrderId;
      base.amount = outcome.order.amountPaise;
      if (outcome.kind === 'attached')
        log.info({ orderId: order.id, providerOrderId }, 'provider order created');
      break;
    }
  }
  return {
    ...base,
    provider: provider.name,
    razor_pay_order_id: providerOrderId,
    key_id: provider.keyId,
    // The sandbox window's address carries the order's pay token: this answer goes only to the buyer.
    checkout_url: provider.checkoutUrl?.(providerOrderId) ?? null,
  };
}
