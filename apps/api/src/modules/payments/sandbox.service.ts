import type { SandboxPayResponse } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { type PaymentOrderRow, type PaymentOrders, paymentProviderOf } from './payments.service.ts';
import { SandboxProvider } from './sandbox.provider.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'payments'>;

/** The sandbox provider, or 404 as if the sandbox routes did not exist. */
function sandboxOf(deps: Deps): SandboxProvider {
  const provider = paymentProviderOf(deps);
  if (!(provider instanceof SandboxProvider)) throw notFound('Route');
  return provider;
}

/**
 * The order the sandbox checkout window is opened for. Without the order's pay token (only its buyer got
 * it, from checkout) the window answers 404, as for an order that does not exist.
 */
export async function sandboxOrder(
  deps: Deps,
  providerOrderId: string,
  token: string,
  orders: Pick<PaymentOrders, 'orderByProviderOrderId'>,
): Promise<PaymentOrderRow> {
  const provider = sandboxOf(deps);
  if (!provider.payTokenMatches(providerOrderId, token)) throw notFound('Order');
  const order = await orders.orderByProviderOrderId(deps.database.db, providerOrderId);
  if (!order) throw notFound('Order');
  return order;
}

/**
 * The sandbox window's Pay: captures a payment of the order's own amount (the server's, never the
 * page's) in the sandbox's ledger, then signs its id exactly as Razorpay Checkout would hand it back.
 * Only with the order's pay token, and at most one payment per order: with the order locked, a second
 * Pay (a double click, a retry) answers the payment already captured instead of taking another.
 */
export async function sandboxPay(
  deps: Deps,
  providerOrderId: string,
  token: string,
  orders: Pick<PaymentOrders, 'orderByProviderOrderId' | 'lockOrder'>,
  refundFailures = 0,
): Promise<SandboxPayResponse> {
  const provider = sandboxOf(deps);
  if (!provider.payTokenMatches(providerOrderId, token)) throw notFound('Order');
  const now = deps.clock.now();
  return inTransaction(deps.database.db, async (tx) => {
    const found = await orders.orderByProviderOrderId(tx, providerOrderId);
    const order = found && (await orders.lockOrder(tx, found.id));
    if (!order) throw notFound('Order');
    if (!['pending_payment', 'awaiting_payment'].includes(order.status) || order.expiresAt <= now) {
      throw new HttpError(409, 'order_expired', 'This order can no longer be paid.');
    }
    const [captured] = (await provider.fetchPayments(providerOrderId, tx)).filter(
      (p) => p.status === 'captured',
    );
    const paymentId = captured
      ? captured.id
      : (await provider.pay({ providerOrderId, amountPaise: order.amountPaise, now, refundFailures }, tx))
          .paymentId;
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: providerOrderId,
      razorpay_signature: provider.signPayment(providerOrderId, paymentId),
    };
  });
}

/** The sandbox's captured payment, for the sandbox Route (modules/payouts): transfers never exceed it. */
export { findSandboxPayment } from './sandbox.repository.ts';
