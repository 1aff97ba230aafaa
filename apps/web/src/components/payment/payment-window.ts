/** How a payment window ended: the signed payment, or a failure or dismissal (no money taken). */
export type PaymentWindowResult =
  | { status: 'paid'; payment_id: string; razorpay_order_id: string; signature: string }
  | { status: 'failed'; detail?: string }
  | { status: 'dismissed' };
