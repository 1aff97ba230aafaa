import type { CheckoutResponse, Order } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import {
  busyLabel,
  type CheckoutEvent,
  type CheckoutStep,
  canReuseOrder,
  checkoutReducer,
  failureMessage,
  initialStep,
  isBusy,
} from './checkout-machine';

const order: Order = {
  order_id: 41,
  amount: 7000,
  status: 'pending_payment',
  // 15:00 IST
  expires_at: '2026-11-22T09:30:00.000Z',
  items: [],
};
const online: CheckoutResponse = {
  order_id: 41,
  amount: 700000,
  currency: 'INR',
  razor_pay_order_id: 'order_sandbox_1',
  key_id: 'rzp_test',
  provider: 'sandbox',
  expires_at: order.expires_at,
  checkout_url: '/api/payments/sandbox/checkout?order_id=order_sandbox_1',
};
const cash: CheckoutResponse = {
  ...online,
  provider: 'cash',
  razor_pay_order_id: null,
  key_id: null,
  checkout_url: null,
};

const run = (events: CheckoutEvent[], from: CheckoutStep = initialStep) =>
  events.reduce(checkoutReducer, from);
const before = (minutes: number) => Date.parse(order.expires_at) - minutes * 60_000;

describe('the Place Order steps', () => {
  it('goes from details to a confirmed payment', () => {
    const kinds: string[] = [];
    let step = initialStep;
    for (const event of [
      { type: 'submit' },
      { type: 'details-saved' },
      { type: 'order-placed', order },
      { type: 'payment-started', payment: online },
      { type: 'payment-result', result: 'paid' },
      { type: 'confirmed' },
    ] as CheckoutEvent[]) {
      step = checkoutReducer(step, event);
      kinds.push(step.kind);
      if (step.kind !== 'paid') expect(isBusy(step)).toBe(true);
    }
    expect(kinds).toEqual([
      'saving-details',
      'reserving',
      'starting-payment',
      'paying',
      'confirming',
      'paid',
    ]);
    expect(busyLabel(run([{ type: 'submit' }, { type: 'details-saved' }]))).toBe('Reserving your sites…');
  });

  it('ends a cash order as placed, without a payment window, ending when checkout says', () => {
    // Checkout answers the cash hold's end (48 h from placing), not the 15 minutes of the placed order.
    const cashUntil = { ...cash, expires_at: '2026-11-24T09:15:00.000Z' };
    const step = run([
      { type: 'submit' },
      { type: 'details-saved' },
      { type: 'order-placed', order },
      { type: 'payment-started', payment: cashUntil },
    ]);
    expect(step).toEqual({
      kind: 'cash-placed',
      order: { ...order, status: 'awaiting_payment', expires_at: cashUntil.expires_at },
      payment: cashUntil,
    });
    expect(isBusy(step)).toBe(false);
  });

  it('keeps the order after a failed payment, and a retry pays the same order', () => {
    const paying = run([
      { type: 'submit' },
      { type: 'details-saved' },
      { type: 'order-placed', order },
      { type: 'payment-started', payment: online },
    ]);
    const failed = checkoutReducer(paying, {
      type: 'payment-result',
      result: 'failed',
      detail: 'Card declined',
    });
    expect(failed).toEqual({ kind: 'payment-failed', order, failure: 'failed', detail: 'Card declined' });
    expect(isBusy(failed)).toBe(false);
    expect(checkoutReducer(failed, { type: 'retry', order })).toEqual({ kind: 'starting-payment', order });
  });

  it('ignores a second press while busy and anything after success', () => {
    const reserving = run([{ type: 'submit' }, { type: 'details-saved' }]);
    expect(checkoutReducer(reserving, { type: 'submit' })).toBe(reserving);
    const paid: CheckoutStep = { kind: 'paid', order };
    expect(checkoutReducer(paid, { type: 'submit' })).toBe(paid);
    expect(checkoutReducer(paid, { type: 'fail', message: 'late' })).toBe(paid);
    // A payment result that arrives when no window is open changes nothing.
    expect(checkoutReducer(reserving, { type: 'payment-result', result: 'paid' })).toBe(reserving);
  });

  it('turns a failure during a busy step into an error that keeps the placed order', () => {
    const starting = run([{ type: 'submit' }, { type: 'details-saved' }, { type: 'order-placed', order }]);
    expect(checkoutReducer(starting, { type: 'fail', message: 'No network' })).toEqual({
      kind: 'error',
      message: 'No network',
      order,
    });
  });
});

describe('the hold and the failure message', () => {
  it('reuses an order only while its hold has more than half a minute left', () => {
    expect(canReuseOrder(order, before(5))).toBe(true);
    expect(canReuseOrder(order, before(0.25))).toBe(false);
    expect(canReuseOrder({ ...order, status: 'paid' }, before(5))).toBe(false);
    expect(canReuseOrder(undefined, before(5))).toBe(false);
  });

  it('says plainly that no money was taken and until when the sites stay reserved (IST)', () => {
    const failed = { kind: 'payment-failed', order, failure: 'failed' } as const;
    expect(failureMessage(failed, before(5))).toBe(
      'Payment failed - no money was taken. Your sites stay reserved until 15:00 IST; try again.',
    );
    expect(failureMessage({ ...failed, failure: 'dismissed' }, before(5))).toMatch(
      /^Payment cancelled - no money/,
    );
    expect(failureMessage(failed, before(-1))).toBe(
      'Payment failed - no money was taken. The 15 minutes we held your sites are over; try again to reserve them anew.',
    );
  });
});
