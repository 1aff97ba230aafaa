/**
 * The life of a line (one site, one date range), docs/product-rules.md: `held` while its order is unpaid
 * (never "Booked"), then the paid life of docs/product-rules.md section 9. This table is the only authority on which
 * status may follow which: the orders module alone moves lines and refuses any other move (409), the web
 * app reads it to decide what to offer.
 */
export const ORDER_LINE_STATUSES = [
  'held',
  'scheduled',
  'creative_submitted',
  'creative_approved',
  'creative_rejected',
  'posted',
  'completed',
  'cancelled',
] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];

export const ORDER_LINE_TRANSITIONS: Readonly<Record<OrderLineStatus, readonly OrderLineStatus[]>> = {
  // Payment schedules it; an order that expires, is replaced or fails cancels it.
  held: ['scheduled', 'cancelled'],
  // The buyer uploads the artwork, or cancels; a line past its dates completes even without proof.
  scheduled: ['creative_submitted', 'cancelled', 'completed'],
  // The owner reviews; the buyer may replace a creative still waiting for review.
  creative_submitted: [
    'creative_submitted',
    'creative_approved',
    'creative_rejected',
    'cancelled',
    'completed',
  ],
  creative_rejected: ['creative_submitted', 'cancelled', 'completed'],
  // From the start date the owner posts proofs (more than one: posted -> posted).
  creative_approved: ['posted', 'cancelled', 'completed'],
  posted: ['posted', 'completed'],
  completed: [],
  cancelled: [],
};

export function canMoveLine(from: OrderLineStatus, to: OrderLineStatus): boolean {
  return ORDER_LINE_TRANSITIONS[from].includes(to);
}

/** What the buyer reads on the timeline. */
export const ORDER_LINE_STATUS_LABELS: Readonly<Record<OrderLineStatus, string>> = {
  held: 'Payment pending',
  scheduled: 'Booked',
  creative_submitted: 'Creative submitted',
  creative_approved: 'Creative approved',
  creative_rejected: 'Creative rejected',
  posted: 'Posted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
