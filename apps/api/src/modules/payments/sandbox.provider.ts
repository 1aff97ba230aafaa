import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider, ProviderOrderInput, ProviderPayment } from './payment-provider.ts';
import { findSandboxPayments, insertSandboxPayment } from './sandbox.repository.ts';
import { checkoutSignature, hmacHex, signatureMatches } from './signatures.ts';

const randomId = (prefix: string) =>
  `${prefix}${randomBytes(10).toString('base64url').replaceAll(/[-_]/g, 'x')}`;

/**
 * The offline stand-in (DESIGN.md section 6): orders are made up locally as order_sbx_..., and the
 * checkout window served by the API "pays" them by signing with SANDBOX_KEY_SECRET exactly as Razorpay
 * signs with its key secret. The same secret signs sandbox webhooks. What the window captured is written
 * to its own table before the window hears of it, so - as with Razorpay - the money is on record even if
 * the browser's confirm never arrives, and the reconciliation pass finds it.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly keyId = 'rzp_test_sandbox';

  constructor(
    private readonly keySecret: string,
    private readonly db: Db,
  ) {}

  async createOrder(_input: ProviderOrderInput): Promise<{ id: string }> {
    return { id: randomId('order_sbx_') };
  }

  /** Captures a payment and answers what Razorpay Checkout hands the page after a successful one. */
  async pay(p: {
    providerOrderId: string;
    amountPaise: number;
    now: Date;
  }): Promise<{ paymentId: string; signature: string }> {
    const paymentId = randomId('pay_sbx_');
    await insertSandboxPayment(this.db, { id: paymentId, ...p });
    return { paymentId, signature: checkoutSignature(this.keySecret, p.providerOrderId, paymentId) };
  }

  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(checkoutSignature(this.keySecret, providerOrderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.keySecret, rawBody), signature);
  }

  async fetchPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const rows = await findSandboxPayments(this.db, providerOrderId);
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      amountPaise: r.amountPaise,
      currency: r.currency,
    }));
  }
}
