import Razorpay from 'razorpay';
import { HttpError } from '../../lib/errors.ts';
import type {
  PaymentProvider,
  ProviderOrderInput,
  ProviderPayment,
  ProviderRefund,
  ProviderRefundInput,
} from './payment-provider.ts';
import { checkoutSignature, hmacHex, signatureMatches } from './signatures.ts';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Overrides https://api.razorpay.com (tests point it at a local stub). */
  apiUrl?: string;
}

/** Razorpay's shortest auto-capture window, in minutes. */
const MIN_CAPTURE_MINUTES = 12;

/** Razorpay through its official SDK (docs/product-rules.md section 6). Creating the client makes no network call. */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  private readonly client: Razorpay;

  constructor(private readonly settings: RazorpaySettings) {
    this.keyId = settings.keyId;
    this.client = this.sdk();
  }

  /**
   * An SDK client; `headers` go on every request it makes. The SDK has no per-call headers and its own
   * `headers` option keeps only an allow-list (X-Razorpay-Account, Content-Type), so they are set on its
   * axios instance, of a client made for that one call.
   */
  private sdk(headers?: Record<string, string>): Razorpay {
    const { keyId, keySecret, apiUrl } = this.settings;
    const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
    // The SDK keeps one axios instance (api.rq) whose baseURL is the fixed host; there is no option for it.
    const rq = (
      client.api as unknown as {
        rq: { defaults: { baseURL?: string; timeout?: number; headers: Record<string, unknown> } };
      }
    ).rq;
    if (apiUrl) rq.defaults.baseURL = apiUrl.replace(/\/+$/, '');
    if (headers) Object.assign(rq.defaults.headers, headers);
    // A stuck provider must not hold a request open forever.
    rq.defaults.timeout = 15_000;
    return client;
  }

  async createOrder(input: ProviderOrderInput): Promise<{ id: string }> {
    // Razorpay orders have no expiry of their own. Payments authorised on the order are auto-captured only
    // within the window below (at least Razorpay's 12 minutes) and refunded otherwise, so a payment made
    // long after our hold lapsed is not captured.
    const minutesLeft = Math.ceil((input.expiresAt.getTime() - input.now.getTime()) / 60_000);
    const window = Math.max(MIN_CAPTURE_MINUTES, minutesLeft);
    try {
      const order = await this.client.orders.create({
        amount: input.amountPaise,
        currency: input.currency,
        receipt: input.receipt,
        notes: { ...input.notes, hold_expires_at: input.expiresAt.toISOString() },
        payment: {
          capture: 'automatic',
          capture_options: {
            automatic_expiry_period: window,
            manual_expiry_period: window,
            refund_speed: 'normal',
          },
        },
      });
      if (typeof order?.id !== 'string') throw new Error('no order id in the answer');
      return { id: order.id };
    } catch {
      // The SDK rejects with {statusCode, error} or a network error; neither belongs on the wire.
      throw new HttpError(
        502,
        'payment_provider_unavailable',
        'The payment provider could not be reached. Please try again.',
      );
    }
  }

  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(
      checkoutSignature(this.settings.keySecret, providerOrderId, paymentId),
      signature,
    );
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.settings.webhookSecret, rawBody), signature);
  }

  /** GET /v1/orders/{id}/payments through the SDK; a failure carries only the status, never the answer. */
  async fetchPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    let answer: { items?: unknown };
    try {
      answer = await this.client.orders.fetchPayments(providerOrderId);
    } catch (err) {
      const status = (err as { statusCode?: unknown })?.statusCode;
      throw new Error(`Razorpay answered ${typeof status === 'number' ? status : 'nothing'}`);
    }
    const items = Array.isArray(answer?.items) ? (answer.items as Array<Record<string, unknown>>) : [];
    return items
      .filter((p) => typeof p?.id === 'string' && Number.isInteger(p.amount))
      .map((p) => ({
        id: p.id as string,
        status: String(p.status),
        amountPaise: p.amount as number,
        currency: String(p.currency ?? 'INR'),
      }));
  }

  /**
   * POST /v1/payments/{id}/refund through the SDK, a normal-speed refund made idempotent by Razorpay's
   * X-Refund-Idempotency header (10+ characters of letters, digits, - and _): a retry with the same key
   * and body answers the first refund. A client per refund carries the header (creating one is offline).
   */
  async refund(input: ProviderRefundInput): Promise<ProviderRefund> {
    const client = this.sdk({ 'X-Refund-Idempotency': input.idempotencyKey });
    let answer: { id?: unknown; status?: unknown };
    try {
      answer = await client.payments.refund(input.paymentId, {
        amount: input.amountPaise,
        speed: 'normal',
        notes: input.notes,
        receipt: input.receipt,
      });
    } catch (err) {
      const status = (err as { statusCode?: unknown })?.statusCode;
      throw new Error(`Razorpay answered ${typeof status === 'number' ? status : 'nothing'}`);
    }
    if (typeof answer?.id !== 'string') throw new Error('Razorpay answered no refund id');
    const status = answer.status === 'processed' || answer.status === 'failed' ? answer.status : 'pending';
    return { id: answer.id, status };
  }
}
