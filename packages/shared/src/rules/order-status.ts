/**
 * The life of an order (docs/product-rules.md, docs/product-rules.md section 14). This table is the only authority on
 * which status may follow which: the orders module refuses any other move (409), and it alone moves them.
 *
 * Unpaid: `pending_payment` (the online window is open) and `awaiting_payment` (cash or bank transfer)
 * switch into each other when the buyer changes the payment method; either ends `paid`, `expired`
 * (its hold lapsed) or `cancelled` (replaced by the buyer, or cancelled before paying). `failed`: a
 * payment captured too late to apply (its sites were taken meanwhile): it is refunded automatically. Paid: refunds processed by the provider make it `partially_refunded` or `refunded`;
 * every line cancelled makes it `cancelled`.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_payment',
  'paid',
  'partially_refunded',
  'refunded',
  'cancelled',
  'expired',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['awaiting_payment', 'paid', 'expired', 'cancelled', 'failed'],
  awaiting_payment: ['pending_payment', 'paid', 'expired', 'cancelled', 'failed'],
  // A refund processed later (a retried one) can follow a partial refund; cancelling the last line can
  // follow any of them.
  paid: ['partially_refunded', 'refunded', 'cancelled'],
  partially_refunded: ['refunded', 'cancelled'],
  refunded: ['cancelled'],
  // A payment that arrives after an unpaid order closed is applied while its dates are still free (the
  // holds become bookings), else the order fails and the payment is refunded.
  cancelled: ['paid', 'failed'],
  expired: ['paid', 'failed'],
  failed: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Unpaid and still holding its sites (until its expiry). */
export const UNPAID_ORDER_STATUSES = [
  'pending_payment',
  'awaiting_payment',
] as const satisfies readonly OrderStatus[];
/** Paid at some point, whatever was refunded since: the money path's "after payment" orders. */
export const PAID_ORDER_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
  'cancelled',
] as const satisfies readonly OrderStatus[];

/** Paid and not wholly cancelled: lines still run, money may still be refunded (the cap decides how much). */
export const LIVE_PAID_ORDER_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
] as const satisfies readonly OrderStatus[];

export function isLivePaidOrder(status: OrderStatus): boolean {
  return (LIVE_PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

export function isUnpaidOrder(status: OrderStatus): boolean {
  return (UNPAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * The status a paid order reads from its ledger: every line cancelled, else what the provider has
 * actually returned (processed refunds only: a pending or failed refund has not left).
 */
export function paidOrderStatus(input: {
  chargedPaise: number;
  processedRefundsPaise: number;
  lines: number;
  cancelledLines: number;
}): Extract<OrderStatus, 'paid' | 'partially_refunded' | 'refunded' | 'cancelled'> {
  if (input.lines > 0 && input.cancelledLines === input.lines) return 'cancelled';
  if (input.processedRefundsPaise <= 0) return 'paid';
  return input.processedRefundsPaise >= input.chargedPaise ? 'refunded' : 'partially_refunded';
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'Payment pending',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired',
  failed: 'Failed (refunded)',
};
