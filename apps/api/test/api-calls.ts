import { createHmac } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { setBillingState, signedInToken } from './sign-in.ts';
import type { TestContext } from './test-app.ts';

/**
 * The HTTP calls the API tests make as buyers and as Razorpay: sign in, book, check out, pay, confirm,
 * the webhook. The rows those calls leave are read by test/order-rows.ts.
 */

interface Ctx {
  app: { inject(opts: InjectOptions): Promise<LightMyRequestResponse> };
  config: Pick<TestContext['config'], 'jwtSecret' | 'payments'>;
  clock: { now(): Date };
}

export const phoneOf = (n: number) => `98${String(n).padStart(8, '0')}`;

/**
 * A signed-in buyer (test/sign-in.ts, as the factory's `person()`). Unless `billingState` is null, the
 * buyer's billing state is set (Maharashtra = COMPANY_STATE by default: CGST + SGST); on an app whose
 * database the test cannot reach, through the profile form.
 */
export async function tokenFor(
  ctx: Ctx,
  n: number,
  billingState: string | null = 'Maharashtra',
): Promise<string> {
  const token = await signedInToken(ctx, phoneOf(n));
  if (billingState === null) return token;
  const db = (ctx as Partial<Pick<TestContext, 'database'>>).database?.db;
  if (db) await setBillingState(db, phoneOf(n), billingState);
  else await setBillingDetails(ctx, token, n, billingState);
  return token;
}

export async function setBillingDetails(
  ctx: Ctx,
  token: string,
  n: number,
  state: string,
  extra: Record<string, string | null> = {},
) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/auth/update_user_by_phone/',
    headers: bearer(token),
    payload: {
      first_name: 'Asha',
      last_name: `Buyer ${n}`,
      phone_number: phoneOf(n),
      company: 'Acme Outdoor Pvt Ltd',
      address_line_1: '4 MG Road',
      city: 'Pune',
      state,
      pin: '411001',
      ...extra,
    },
  });
  if (res.statusCode !== 200) throw new Error(`profile update failed: ${res.body}`);
}

/** Paise with GST at 18 % (CGST 9 % + SGST 9 %, each rounded half up): what checkout charges. */
export const withGst = (subtotalPaise: number) =>
  subtotalPaise + 2 * Math.floor((subtotalPaise * 9 + 50) / 100);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Line {
  product_id: number;
  from_date: string;
  to_date: string;
  campaign_id?: number | null;
  customized?: boolean;
}

export const line = (
  product_id: number,
  from_date: string,
  to_date: string,
  campaign_id: number | null = null,
): Line => ({
  product_id,
  from_date,
  to_date,
  campaign_id,
  customized: false,
});

export function post(ctx: Ctx, url: string, token: string | null, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
}

export const book = (ctx: Ctx, token: string, data: Line[], amount: number) =>
  post(ctx, '/api/booking/book', token, { amount, data });

export const checkout = (ctx: Ctx, token: string, orderId: number, payment = 'online') =>
  post(ctx, '/api/booking/checkout', token, { order_id: orderId, payment });

export const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** What Razorpay Checkout (or the sandbox window) hands back after paying. */
export function paid(
  secret: string,
  providerOrderId: string,
  paymentId = `pay_${Math.random().toString(36).slice(2, 12)}`,
) {
  return { payment_id: paymentId, signature: hmac(secret, `${providerOrderId}|${paymentId}`) };
}

export function confirm(
  ctx: Ctx,
  token: string,
  body: {
    order_id: number;
    razorpay_order_id: string;
    payment_id: string;
    signature: string;
    amount: number;
  },
) {
  return post(ctx, '/api/booking/confirm', token, body);
}

/** The sandbox window's Pay, as the window sends it: with the pay token from checkout_url. */
export function sandboxPay(
  ctx: Ctx,
  checkedOut: { razor_pay_order_id: string; checkout_url: string },
  refundFailures?: number,
) {
  return post(ctx, '/api/payments/sandbox/pay', null, {
    razor_pay_order_id: checkedOut.razor_pay_order_id,
    token: payTokenOf(checkedOut.checkout_url),
    ...(refundFailures === undefined ? {} : { refund_failures: refundFailures }),
  });
}

export const payTokenOf = (checkoutUrl: string) =>
  new URL(checkoutUrl, 'http://localhost').searchParams.get('token') ?? '';

/** Book, check out and confirm one order; answers the three responses. */
export async function bookAndPay(ctx: Ctx, token: string, data: Line[], amount: number) {
  const booked = await book(ctx, token, data, amount);
  if (booked.statusCode !== 200) return { booked };
  const out = await checkout(ctx, token, booked.json().order_id);
  if (out.statusCode !== 200) return { booked, out };
  const { order_id, razor_pay_order_id, amount: paise } = out.json();
  const confirmed = await confirm(ctx, token, {
    order_id,
    razorpay_order_id: razor_pay_order_id,
    amount: paise,
    ...paid(ctx.config.payments.sandboxKeySecret, razor_pay_order_id),
  });
  return { booked, out, confirmed };
}

export function webhookEvent(
  event: 'order.paid' | 'payment.captured' | 'payment.failed',
  p: { providerOrderId: string; paymentId: string; amount: number; orderId?: number },
) {
  const payment = {
    entity: {
      id: p.paymentId,
      entity: 'payment',
      amount: p.amount,
      currency: 'INR',
      status: event === 'payment.failed' ? 'failed' : 'captured',
      order_id: p.providerOrderId,
      notes: p.orderId ? { order_id: String(p.orderId) } : [],
    },
  };
  const order = {
    entity: {
      id: p.providerOrderId,
      entity: 'order',
      amount: p.amount,
      amount_paid: p.amount,
      receipt: String(p.orderId ?? ''),
    },
  };
  return JSON.stringify({
    entity: 'event',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: event === 'order.paid' ? { payment, order } : { payment },
    created_at: 1_795_000_000,
  });
}

export function sendWebhook(ctx: Ctx, body: string, secret: string, eventId?: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? hmac(secret, body),
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    },
    payload: body,
  });
}
