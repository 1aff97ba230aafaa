import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type {
  PaymentProvider,
  ProviderOrderInput,
  ProviderPayment,
  ProviderRefund,
  ProviderRefundInput,
} from './payment-provider.ts';
import {
  findSandboxPayment,
  findSandboxPayments,
  insertSandboxPayment,
  insertSandboxRefund,
  sandboxRefundedPaise,
  spendRefundFailure,
} from './sandbox.repository.ts';
import { checkoutSignature, hmacHex, signatureMatches } from './signatures.ts';

const randomId = (prefix: string) =>
  `${prefix}${randomBytes(10).toString('base64url').replaceAll(/[-_]/g, 'x')}`;

/**
 * The offline stand-in (docs/product-rules.md section 6): orders are made up locally as order_sbx_..., and the
 * checkout window served by the API "pays" them by signing with SANDBOX_KEY_SECRET exactly as Razorpay
 * signs with its key secret. The same secret signs sandbox webhooks. What the window captured is written
 * to its own table before the window hears of it, so - as with Razorpay - the money is on record even if
 * the browser's confirm never arrives, and the reconciliation pass finds it.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly keyId = 'rzp_test_sandbox';

  /**
   * @param payTokenKey signs the per-order token of the checkout window (see payToken): a secret of the
   *   server's, never the key secret, which may be the public default on a developer's machine.
   */
  constructor(
    private readonly keySecret: string,
    private readonly db: Db,
    private readonly payTokenKey: string,
  ) {}

  async createOrder(_input: ProviderOrderInput): Promise<{ id: string }> {
    return { id: randomId('order_sbx_') };
  }

  /**
   * The window's capability for one provider order: checkout hands it only to the order's buyer (inside
   * checkout_url), and Pay needs it, so nobody else can open or pay that order's window.
   */
  payToken(providerOrderId: string): string {
    return hmacHex(this.payTokenKey, `sandbox-pay:${providerOrderId}`);
  }

  payTokenMatches(providerOrderId: string, token: string | undefined): boolean {
    return signatureMatches(this.payToken(providerOrderId), token);
  }

  checkoutUrl(providerOrderId: string): string {
    const query = new URLSearchParams({ order_id: providerOrderId, token: this.payToken(providerOrderId) });
    return `/api/payments/sandbox/checkout?${query}`;
  }

  /** Captures a payment (in `db`, the caller's transaction) and answers what Razorpay Checkout hands back. */
  async pay(
    p: { providerOrderId: string; amountPaise: number; now: Date; refundFailures?: number },
    db: Db = this.db,
  ): Promise<{ paymentId: string; signature: string }> {
    const paymentId = randomId('pay_sbx_');
    await insertSandboxPayment(db, { id: paymentId, ...p });
    return { paymentId, signature: this.signPayment(p.providerOrderId, paymentId) };
  }

  /** The checkout signature of a payment this sandbox captured. */
  signPayment(providerOrderId: string, paymentId: string): string {
    return checkoutSignature(this.keySecret, providerOrderId, paymentId);
  }

  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(checkoutSignature(this.keySecret, providerOrderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.keySecret, rawBody), signature);
  }

  async fetchPayments(providerOrderId: string, db: Db = this.db): Promise<ProviderPayment[]> {
    const rows = await findSandboxPayments(db, providerOrderId);
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      amountPaise: r.amountPaise,
      currency: r.currency,
    }));
  }

  /**
   * Records the refund in the sandbox's own table, as Razorpay would: one per idempotency key (a retry
   * answers the first), never more than the payment captured.
   */
  async refund(input: ProviderRefundInput, db: Db = this.db): Promise<ProviderRefund> {
    // A rehearsed outage (refund_failures at Pay): refused, and the refusal counted, committed first.
    const refused = await inTransaction(db, async (tx) => {
      const payment = await findSandboxPayment(tx, input.paymentId, true);
      if (!payment || payment.refundFailures <= 0) return false;
      await spendRefundFailure(tx, payment.id);
      return true;
    });
    if (refused) throw new Error('The sandbox refused this refund (a rehearsed outage); retry it');
    return inTransaction(db, async (tx) => {
      const payment = await findSandboxPayment(tx, input.paymentId, true);
      if (!payment) throw new Error(`The sandbox has no payment ${input.paymentId}`);
      const id = await insertSandboxRefund(tx, { ...input, id: randomId('rfnd_sbx_') });
      const refunded = await sandboxRefundedPaise(tx, input.paymentId);
      if (refunded > payment.amountPaise) throw new Error('The sandbox refuses to refund more than was paid');
      return { id, status: 'processed' as const };
    });
  }
}
