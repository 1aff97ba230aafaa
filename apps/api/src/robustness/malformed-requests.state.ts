import { addDays, todayIst } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Factory } from '../../test/factory.ts';
import { nextIp, nextPhone, signIn } from '../../test/otp-sign-in.ts';
import type { TestContext } from '../../test/test-app.ts';
import { orderItems, refunds } from '../db/schema.ts';
import { signToken } from '../lib/jwt.ts';
import { OPERATOR_PHONE } from '../modules/partners/partners.test-helpers.ts';

/**
 * The state the hostile-text sweep's valid requests need (signed-in buyers, orders, campaigns, an operator
 * and a pending media owner), all made through the API itself, and the one way the sweep sends a request.
 */

export interface ValidRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Fastify's template, e.g. `/api/product/:id`: the route it is for. */
  route: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Headers that carry text the route stores (the webhook's event id). */
  textHeaders?: string[];
  /** Headers computed over the exact body sent (the webhook signature). */
  sign?: (raw: string) => Record<string, string>;
  /** Development endpoints answer only the loopback socket; everything else comes from its own address. */
  loopback?: boolean;
  /** An upload: sent as multipart/form-data with this one file instead of a JSON body. */
  file?: { bytes: Buffer; filename: string; contentType: string };
}

export interface Fixture {
  ctx: TestContext;
  /** The fixture factory on `ctx`, for the state it makes that the API cannot (a line taking a proof today). */
  make: Factory;
  /** Two sites (₹1,500 a day, 7 days at least) and a standard campaign of both. */
  siteIds: [number, number];
  campaignId: number;
}

export const PRICE_RUPEES = 1500;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Booking windows that never overlap: each call takes the next week, a month out. */
let window = 0;
export function nextWindow(ctx: TestContext): { from_date: string; to_date: string } {
  const from = addDays(todayIst(ctx.clock.now()), 30 + 7 * window);
  window += 1;
  return { from_date: from, to_date: addDays(from, 7) };
}

/** Sends a ValidRequest as is, or with `body` / `query` / `params` / `headers` replaced. */
export function send(ctx: TestContext, r: ValidRequest): Promise<LightMyRequestResponse> {
  const path = r.route.replace(/:(\w+)/g, (_, name: string) => encodeSegment(r.params?.[name] ?? ''));
  const query = Object.entries(r.query ?? {})
    .map(([k, v]) => `${k}=${encodeSegment(v)}`)
    .join('&');
  const raw = r.body === undefined ? undefined : JSON.stringify(r.body);
  if (r.file) {
    const boundary = '----sweep-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${r.file.filename}"\r\nContent-Type: ${r.file.contentType}\r\n\r\n`;
    return ctx.app.inject({
      method: r.method,
      url: query ? `${path}?${query}` : path,
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...r.headers },
      payload: Buffer.concat([Buffer.from(head), r.file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  }
  return ctx.app.inject({
    method: r.method,
    url: query ? `${path}?${query}` : path,
    // Every request from its own address, so no per-IP limit stops one before the code under test.
    remoteAddress: r.loopback ? '127.0.0.1' : nextIp(),
    headers: {
      ...(raw === undefined ? {} : { 'content-type': 'application/json' }),
      ...r.headers,
      ...(raw !== undefined && r.sign ? r.sign(raw) : {}),
    },
    ...(raw === undefined ? {} : { payload: raw }),
  });
}

/** Every byte percent-encoded (a lone surrogate becomes U+FFFD: a URL cannot carry one). */
const encodeSegment = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

export async function ok(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res.json();
}

/**
 * A buyer signed in through the real journey: code sent, read from the dev outbox, verified, then
 * /auth/login_with_phone/ as the web app calls it (which makes the account).
 */
export async function buyer(ctx: TestContext): Promise<{ phone: string; token: string }> {
  const phone = nextPhone();
  const token = await signIn(ctx.app, phone);
  await ok(
    await send(ctx, {
      method: 'POST',
      route: '/api/auth/login_with_phone/',
      body: { phone_number: phone },
      headers: bearer(token),
    }),
    'login_with_phone',
  );
  // The billing details the checkout page saves first: the state decides the GST of the buyer's orders.
  await ok(
    await send(ctx, {
      method: 'PATCH',
      route: '/api/auth/update_user_by_phone/',
      body: {
        first_name: 'Asha',
        last_name: 'Buyer',
        phone_number: phone,
        company: 'Acme Outdoor Pvt Ltd',
        address_line_1: '4 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pin: '411001',
      },
      headers: bearer(token),
    }),
    'update_user_by_phone',
  );
  return { phone, token };
}

/** A cash order of a fresh buyer, awaiting payment: its total payable in rupees (GST included). */
export async function cashOrder(f: Fixture): Promise<{ token: string; orderId: number; amount: number }> {
  const { token, orderId } = await placedOrder(f, 0);
  const out = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/checkout',
      body: { order_id: orderId, payment: 'cash' },
      headers: bearer(token),
    }),
    'checkout cash',
  );
  return { token, orderId, amount: (out.amount as number) / 100 };
}

/** A week's order of one site by a fresh buyer (so no cap on unpaid orders is in the way). */
export async function placedOrder(f: Fixture, site: 0 | 1): Promise<{ token: string; orderId: number }> {
  const { token } = await buyer(f.ctx);
  const line = { product_id: f.siteIds[site], ...nextWindow(f.ctx), campaign_id: null, customized: false };
  const order = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/book',
      body: { amount: PRICE_RUPEES * 7, data: [line] },
      headers: bearer(token),
    }),
    'book',
  );
  return { token, orderId: order.order_id as number };
}

/** An order of a fresh buyer, checked out online. */
export async function checkedOutOrder(f: Fixture) {
  const { token, orderId } = await placedOrder(f, 0);
  const order = { order_id: orderId };
  const out = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/checkout',
      body: { order_id: order.order_id, payment: 'online' },
      headers: bearer(token),
    }),
    'checkout',
  );
  // The sandbox window's pay token, handed to the buyer inside checkout_url.
  const payToken = new URL(out.checkout_url as string, 'http://localhost').searchParams.get('token') ?? '';
  return {
    token,
    orderId: order.order_id as number,
    providerOrderId: out.razor_pay_order_id as string,
    payToken,
    out,
  };
}

/** An order of a fresh buyer, paid in the sandbox window and confirmed (cancellable: it starts a month out). */
export async function paidOrder(f: Fixture): Promise<{ token: string; orderId: number }> {
  const { token, orderId, providerOrderId, payToken, out } = await checkedOutOrder(f);
  const pay = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/payments/sandbox/pay',
      body: { razor_pay_order_id: providerOrderId, token: payToken },
    }),
    'sandbox pay',
  );
  await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/confirm',
      body: {
        order_id: orderId,
        razorpay_order_id: providerOrderId,
        payment_id: pay.razorpay_payment_id,
        signature: pay.razorpay_signature,
        amount: out.amount,
      },
      headers: bearer(token),
    }),
    'confirm',
  );
  return { token, orderId };
}

/** A fresh paid order and its one line (each call its own, so a cancel always finds a live line). */
export async function paidOrderLine(f: Fixture): Promise<{ orderId: number; lineId: number }> {
  const { orderId } = await paidOrder(f);
  const [line] = await f.ctx.database.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { orderId, lineId: line.id };
}

/** A paid order with a refund the provider refused for good (written as the ledger leaves it): its id. */
export async function failedRefund(f: Fixture): Promise<number> {
  const { orderId } = await paidOrder(f);
  const [row] = await f.ctx.database.db
    .insert(refunds)
    .values({
      orderId,
      amountPaise: 100,
      reason: 'Sweep',
      kind: 'operator',
      provider: 'sandbox',
      status: 'failed',
      attempts: 6,
      idempotencyKey: `sweep-${orderId}-${Math.random().toString(36).slice(2)}`,
      createdAt: f.ctx.clock.now(),
    })
    .returning({ id: refunds.id });
  return row.id;
}

/** A paid order with one operator refund (so one credit note). */
export async function refundedOrder(
  f: Fixture,
): Promise<{ token: string; orderId: number; refundId: number }> {
  const { token, orderId } = await paidOrder(f);
  const refunded = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/ops/orders/:id/refunds',
      params: { id: String(orderId) },
      body: { amount: 1, reason: 'Sweep' },
      headers: bearer(await operatorToken(f)),
    }),
    'operator refund',
  );
  return { token, orderId, refundId: refunded.refund.id as number };
}

/** A customized campaign of a fresh buyer, made through the API. */
export async function customizedCampaign(f: Fixture): Promise<{ id: number; token: string }> {
  const { token } = await buyer(f.ctx);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/create_customized_campaign/',
      body: { name: 'Plan', products: [{ product_id: f.siteIds[0] }] },
      headers: bearer(token),
    }),
    'create customized campaign',
  );
  return { id: made.data.id as number, token };
}

/**
 * A fresh token for a user who signed in before, once the sweep's clock (a second per request) has moved
 * past most of a token's hour: the sweep outlasts one token.
 */
export async function freshToken(f: Fixture, phone: string): Promise<string> {
  return (await signToken({ phone_number: phone }, f.ctx.config.jwtSecret, f.ctx.clock.now())).token;
}
const signedAt = new WeakMap<TestContext, number>();
const stale = (f: Fixture, at: number | undefined) =>
  at !== undefined && f.ctx.clock.now().getTime() - at > 45 * 60_000;

/** The operator's token, signed in once per app (the sign-in code limits count per phone). */
const operatorTokens = new WeakMap<TestContext, Promise<string>>();
export function operatorToken(f: Fixture): Promise<string> {
  let token = operatorTokens.get(f.ctx);
  if (token && stale(f, signedAt.get(f.ctx))) {
    token = token.then(() => freshToken(f, OPERATOR_PHONE));
    operatorTokens.set(f.ctx, token);
    signedAt.set(f.ctx, f.ctx.clock.now().getTime());
  }
  if (!token) {
    signedAt.set(f.ctx, f.ctx.clock.now().getTime());
    // Signed in as a buyer is (the account made by login_with_phone), so no sweep request makes the user row.
    token = signIn(f.ctx.app, OPERATOR_PHONE).then(async (t) => {
      const body = { phone_number: OPERATOR_PHONE };
      const made = {
        method: 'POST' as const,
        route: '/api/auth/login_with_phone/',
        body,
        headers: bearer(t),
      };
      await ok(await send(f.ctx, made), 'operator login_with_phone');
      return t;
    });
    operatorTokens.set(f.ctx, token);
  }
  return token;
}
