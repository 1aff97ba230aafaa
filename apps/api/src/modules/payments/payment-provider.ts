export interface ProviderOrderInput {
  amountPaise: number;
  currency: 'INR';
  /** Our order id: the provider shows it as the receipt and webhooks carry it back. */
  receipt: string;
  notes: Record<string, string>;
  /** When our hold lapses: the provider order must not capture a payment long after it. */
  expiresAt: Date;
  now: Date;
}

/** One payment the provider holds for one of its orders, as its API reports it (amount in paise). */
export interface ProviderPayment {
  id: string;
  /** Razorpay's states: created, authorized, captured, refunded, failed. Only `captured` is money we hold. */
  status: string;
  amountPaise: number;
  currency: string;
}

/** A refund of (part of) one captured payment (docs/product-rules.md section 10). */
export interface ProviderRefundInput {
  paymentId: string;
  amountPaise: number;
  /** Ours, stored on the refund row before the call: a retry with it never refunds twice. */
  idempotencyKey: string;
  notes: Record<string, string>;
  /** Shown by the provider; the credit note number. */
  receipt?: string;
}

/** The provider's refund: `processed` (money on its way), `pending` (accepted, in progress) or `failed`. */
export interface ProviderRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * A payment provider (docs/product-rules.md section 6). Both implementations use Razorpay's scheme: the checkout
 * signature is HMAC_SHA256(provider_order_id + "|" + payment_id, key secret) and a webhook is signed
 * with HMAC_SHA256(raw body, webhook secret) in the x-razorpay-signature header.
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'sandbox';
  /** The public key the payment window is opened with. */
  readonly keyId: string;
  createOrder(input: ProviderOrderInput): Promise<{ id: string }>;
  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean;
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** The payments made on one provider order: what the reconciliation pass asks (docs/decisions/009). */
  fetchPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds part of a captured payment, idempotently per key (docs/decisions/030). Throws when the
   * provider cannot be reached or refuses; the caller marks the refund failed and retries with the key.
   */
  refund(input: ProviderRefundInput): Promise<ProviderRefund>;
  /** A payment window the product serves itself (the sandbox's); Razorpay's is its own script. */
  checkoutUrl?(providerOrderId: string): string;
}
