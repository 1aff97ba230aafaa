import { type CheckoutResponse, PRODUCT_NAME } from '@ooh/shared';
import type { PaymentWindowResult } from './payment-window';

/**
 * Razorpay Checkout, only when the API's provider is 'razorpay' (docs/product-rules.md section 6). Its script comes from
 * Razorpay's own site by necessity, so it is loaded at that moment and never in the sandbox or in tests.
 */
const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const THEME_COLOR = '#0b3d91';

interface RazorpayResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('The payment window did not start.'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('We could not open the payment window. Check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export interface Prefill {
  name: string;
  email: string;
  contact: string;
}

/** Opens Razorpay's window for the provider order; resolves once with how it ended. */
export async function payWithRazorpay(
  payment: CheckoutResponse,
  prefill: Prefill,
): Promise<PaymentWindowResult> {
  const Razorpay = await loadRazorpay();
  return new Promise<PaymentWindowResult>((resolve) => {
    let settled = false;
    const settle = (result: PaymentWindowResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    // Razorpay keeps its window open after a failed attempt so the buyer can try another way; the attempt
    // ends when the window closes, as a failure when one happened.
    let lastError: string | undefined;
    const rzp = new Razorpay({
      key: payment.key_id,
      order_id: payment.razor_pay_order_id,
      amount: payment.amount,
      currency: 'INR',
      name: PRODUCT_NAME,
      description: `Order ${payment.order_id}`,
      prefill,
      theme: { color: THEME_COLOR },
      handler: (response: RazorpayResponse) =>
        settle({
          status: 'paid',
          payment_id: response.razorpay_payment_id,
          razorpay_order_id: response.razorpay_order_id,
          signature: response.razorpay_signature,
        }),
      modal: {
        ondismiss: () =>
          settle(lastError ? { status: 'failed', detail: lastError } : { status: 'dismissed' }),
      },
    });
    rzp.on('payment.failed', (response) => {
      lastError = response.error?.description ?? 'The payment was declined.';
    });
    rzp.open();
  });
}
