import { type CheckoutResponse, formatTimeIst, type Order } from '@ooh/shared';

/**
 * The steps of Place Order (docs/product-spec.md section 4, Checkout; docs/product-rules.md section 6) as a pure reducer, so the page
 * only renders the step and every transition can be tested without a browser:
 *
 *   idle -> saving-details -> reserving -> starting-payment -> paying -> confirming -> paid
 *                                                           \-> cash-placed
 *   paying -> payment-failed (failed or closed) -> retry -> starting-payment (same order while its hold lives)
 *   any busy step -> error (with the order when one was placed)
 */

/** Cash and bank transfer both await an offline payment; only cash stops at ₹2,00,000 (s.269ST). */
export type PaymentMethod = 'razorpay' | 'cash' | 'bank_transfer';
export type PaymentFailure = 'failed' | 'dismissed';

export type CheckoutStep =
  | { kind: 'idle' }
  | { kind: 'saving-details' }
  | { kind: 'reserving' }
  | { kind: 'starting-payment'; order: Order }
  | { kind: 'paying'; order: Order; payment: CheckoutResponse }
  | { kind: 'confirming'; order: Order; payment: CheckoutResponse }
  | { kind: 'paid'; order: Order }
  | { kind: 'cash-placed'; order: Order; payment: CheckoutResponse }
  | { kind: 'payment-failed'; order: Order; failure: PaymentFailure; detail?: string }
  | { kind: 'error'; message: string; order?: Order };

export type CheckoutEvent =
  | { type: 'submit' }
  | { type: 'details-saved' }
  | { type: 'order-placed'; order: Order }
  | { type: 'retry'; order: Order }
  | { type: 'payment-started'; payment: CheckoutResponse }
  | { type: 'payment-result'; result: 'paid' }
  | { type: 'payment-result'; result: PaymentFailure; detail?: string }
  | { type: 'confirmed' }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

export const initialStep: CheckoutStep = { kind: 'idle' };

const BUSY = new Set<CheckoutStep['kind']>([
  'saving-details',
  'reserving',
  'starting-payment',
  'paying',
  'confirming',
]);

export const isBusy = (step: CheckoutStep): boolean => BUSY.has(step.kind);

/** The order a step carries, if any. */
export function orderOf(step: CheckoutStep): Order | undefined {
  return 'order' in step ? step.order : undefined;
}

export function checkoutReducer(step: CheckoutStep, event: CheckoutEvent): CheckoutStep {
  switch (event.type) {
    case 'submit':
      // A second press while busy, or after success, changes nothing.
      return step.kind === 'idle' || step.kind === 'error' || step.kind === 'payment-failed'
        ? { kind: 'saving-details' }
        : step;
    case 'details-saved':
      return step.kind === 'saving-details' ? { kind: 'reserving' } : step;
    case 'order-placed':
      return step.kind === 'reserving' ? { kind: 'starting-payment', order: event.order } : step;
    case 'retry':
      return step.kind === 'payment-failed' || step.kind === 'error' || step.kind === 'saving-details'
        ? { kind: 'starting-payment', order: event.order }
        : step;
    case 'payment-started':
      if (step.kind !== 'starting-payment') return step;
      // Cash holds the sites longer than the online 15 minutes: the order now ends when checkout says.
      return event.payment.provider === 'cash'
        ? {
            kind: 'cash-placed',
            order: { ...step.order, status: 'awaiting_payment', expires_at: event.payment.expires_at },
            payment: event.payment,
          }
        : { kind: 'paying', order: step.order, payment: event.payment };
    case 'payment-result':
      if (step.kind !== 'paying') return step;
      if (event.result === 'paid') return { kind: 'confirming', order: step.order, payment: step.payment };
      return { kind: 'payment-failed', order: step.order, failure: event.result, detail: event.detail };
    case 'confirmed':
      return step.kind === 'confirming' ? { kind: 'paid', order: step.order } : step;
    case 'fail':
      return isBusy(step) ? { kind: 'error', message: event.message, order: orderOf(step) } : step;
    case 'reset':
      return initialStep;
  }
}

/** Seconds of hold that must be left to reuse an order: paying takes a moment. */
export const REUSE_MARGIN_MS = 30_000;

/** An order may be paid again while its hold lives (the server answers the same provider order). */
export const canReuseOrder = (order: Order | undefined, now: number): order is Order =>
  Boolean(order) &&
  (order as Order).status !== 'paid' &&
  Date.parse((order as Order).expires_at) - now > REUSE_MARGIN_MS;

/** "14:35" in India time, where the buyer and the sites are. */
export function formatHoldTime(iso: string): string {
  return formatTimeIst(iso);
}

/** The plain sentence after a payment that did not go through. */
export function failureMessage(step: Extract<CheckoutStep, { kind: 'payment-failed' }>, now: number): string {
  const what = step.failure === 'dismissed' ? 'Payment cancelled' : 'Payment failed';
  const hold = canReuseOrder(step.order, now)
    ? `Your sites stay reserved until ${formatHoldTime(step.order.expires_at)} IST; try again.`
    : 'The 15 minutes we held your sites are over; try again to reserve them anew.';
  return `${what} - no money was taken. ${hold}`;
}

/** What the busy indicator says at each step. */
export function busyLabel(step: CheckoutStep): string | null {
  switch (step.kind) {
    case 'saving-details':
      return 'Saving your details…';
    case 'reserving':
      return 'Reserving your sites…';
    case 'starting-payment':
      return 'Starting the payment…';
    case 'paying':
      return 'Waiting for your payment…';
    case 'confirming':
      return 'Confirming your payment…';
    default:
      return null;
  }
}
