import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderOrderInput } from './payment-provider.ts';
import { checkoutSignature, hmacHex, signatureMatches } from './signatures.ts';

const randomId = (prefix: string) =>
  `${prefix}${randomBytes(10).toString('base64url').replaceAll(/[-_]/g, 'x')}`;

/**
 * The offline stand-in (DESIGN.md section 6): orders are made up locally as order_sbx_..., and the
 * checkout window served by the API "pays" them by signing with SANDBOX_KEY_SECRET exactly as Razorpay
 * signs with its key secret. The same secret signs sandbox webhooks.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly keyId = 'rzp_test_sandbox';

  constructor(private readonly keySecret: string) {}

  async createOrder(_input: ProviderOrderInput): Promise<{ id: string }> {
    return { id: randomId('order_sbx_') };
  }

  /** What Razorpay Checkout hands the page after a successful payment. */
  pay(providerOrderId: string): { paymentId: string; signature: string } {
    const paymentId = randomId('pay_sbx_');
    return { paymentId, signature: checkoutSignature(this.keySecret, providerOrderId, paymentId) };
  }

  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(checkoutSignature(this.keySecret, providerOrderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.keySecret, rawBody), signature);
  }
}
