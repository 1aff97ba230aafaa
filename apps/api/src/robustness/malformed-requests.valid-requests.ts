import { createHmac } from 'node:crypto';
import { addDays, todayIst } from '@ooh/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { nextIp, nextPhone, readCode, sendCode, signIn } from '../modules/auth/auth.test-helpers.ts';
import { application, OPERATOR_PHONE } from '../modules/partners/partners.test-helpers.ts';

/**
 * One valid request per route that takes input (not a test itself): the starting point of the hostile-text
 * sweep, which breaks one text field at a time. Each answers 2xx as built, so the sweep reaches the code
 * behind validation - the inserts and lookups - and a field the schemas let through would reach them too.
 * Requests that need state (a signed-in buyer, an order, a code) make it through the API itself.
 */

export interface ValidRequest {
  method: 'GET' | 'POST' | 'PATCH';
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
}

export interface Fixture {
  ctx: TestContext;
  /** Two sites (₹1,500 a day, 7 days at least) and a standard campaign of both. */
  siteIds: [number, number];
  campaignId: number;
}

const PRICE_RUPEES = 1500;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Booking windows that never overlap: each call takes the next week, a month out. */
let window = 0;
function nextWindow(ctx: TestContext): { from_date: string; to_date: string } {
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

async function ok(res: LightMyRequestResponse, what: string) {
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
  return { phone, token };
}

/** An order of a fresh buyer (so no cap on unpaid orders is in the way), checked out online. */
async function checkedOutOrder(f: Fixture) {
  const { token } = await buyer(f.ctx);
  const line = { product_id: f.siteIds[0], ...nextWindow(f.ctx), campaign_id: null, customized: false };
  const order = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/booking/book',
      body: { amount: PRICE_RUPEES * 7, data: [line] },
      headers: bearer(token),
    }),
    'book',
  );
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

const profile = (phone: string) => ({
  first_name: 'Asha',
  last_name: 'Rao',
  phone_number: phone,
  email: 'asha@example.com',
  company: 'Rao Media',
  company_type: 'Agency',
  gst: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address_line_1: '12 MG Road',
  address_line_2: 'Fort',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400001',
});

const contact = {
  name: 'Asha Rao',
  company_name: 'Rao Media',
  phone_number: '9876543210',
  email: 'asha@example.com',
  message: 'Please call me about hoardings.\nThanks.',
};
const help = {
  phone_number: '+91 98765 43210',
  email: 'asha@example.com',
  message: 'Help!',
  is_customized: true,
};

/** Builders by `METHOD route`; each makes the state its request needs. */
export const validRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/dev/sms-outbox': async () => ({
    method: 'GET',
    route: '/api/dev/sms-outbox',
    query: { phone_number: '9876543210' },
    loopback: true,
  }),
  'POST /api/help': async () => ({ method: 'POST', route: '/api/help', body: help }),
  'POST /api/help/': async () => ({ method: 'POST', route: '/api/help/', body: help }),
  'POST /api/contact': async () => ({ method: 'POST', route: '/api/contact', body: contact }),
  'POST /api/contact/': async () => ({ method: 'POST', route: '/api/contact/', body: contact }),
  'POST /api/auth/otp/send': async () => ({
    method: 'POST',
    route: '/api/auth/otp/send',
    body: { phone_number: nextPhone(), bot_token: 'eyJub3QiOiJjaGVja2VkIn0=' },
  }),
  'POST /api/auth/otp/verify': async ({ ctx }) => {
    const phone = nextPhone();
    const sent = await ok(await sendCode(ctx.app, phone), 'send code');
    return {
      method: 'POST',
      route: '/api/auth/otp/verify',
      body: { verification_id: sent.verification_id, code: await readCode(ctx.app, phone) },
    };
  },
  'POST /api/auth/login_with_phone/': async ({ ctx }) => {
    const { phone, token } = await buyer(ctx);
    return {
      method: 'POST',
      route: '/api/auth/login_with_phone/',
      body: { phone_number: phone },
      headers: bearer(token),
    };
  },
  'PATCH /api/auth/update_user_by_phone/': async ({ ctx }) => {
    const { phone, token } = await buyer(ctx);
    return {
      method: 'PATCH',
      route: '/api/auth/update_user_by_phone/',
      body: profile(phone),
      headers: bearer(token),
    };
  },
  ...Object.fromEntries(
    ['/api/product', '/api/product/'].map((route) => [
      `GET ${route}`,
      async ({ siteIds }: Fixture): Promise<ValidRequest> => ({
        method: 'GET',
        route,
        query: {
          page: '1',
          page_size: '24',
          search: 'Lamp',
          category: 'Lamp Post',
          state: 'Maharashtra',
          district: 'Mumbai',
          lighting: 'Lighting',
          price: '100,5000',
          impression: '0,100000',
          ids: siteIds.join(','),
        },
      }),
    ]),
  ),
  'GET /api/product/ids': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/ids',
    query: {
      search: 'Lamp',
      category: 'Lamp Post',
      state: 'Maharashtra',
      district: 'Mumbai',
      lighting: 'Lighting',
      price: '100,5000',
      impression: '0,100000',
      ids: siteIds.join(','),
    },
  }),
  'GET /api/product/:id': async ({ siteIds }) => ({
    method: 'GET',
    route: '/api/product/:id',
    params: { id: String(siteIds[0]) },
  }),
  ...Object.fromEntries(
    ['/api/campaign', '/api/campaign/'].map((route) => [
      `GET ${route}`,
      async (): Promise<ValidRequest> => ({
        method: 'GET',
        route,
        query: { page: '1', page_size: '24', search: 'Mumbai' },
      }),
    ]),
  ),
  'GET /api/campaign/:id': async ({ campaignId }) => ({
    method: 'GET',
    route: '/api/campaign/:id',
    params: { id: String(campaignId) },
  }),
  'GET /api/find_campaign_type': async ({ campaignId }) => ({
    method: 'GET',
    route: '/api/find_campaign_type',
    query: { campaign_id: String(campaignId) },
  }),
  'POST /api/create_customized_campaign/': async ({ ctx, siteIds }) => ({
    method: 'POST',
    route: '/api/create_customized_campaign/',
    body: { name: 'Diwali push', products: [{ product_id: siteIds[0], ...nextWindow(ctx) }] },
    headers: bearer((await buyer(ctx)).token),
  }),
  ...Object.fromEntries(
    ['/api/customized_campaign/:id', '/api/customized_campaign/:id/'].map((route) => [
      `GET ${route}`,
      async (f: Fixture): Promise<ValidRequest> => {
        const { id, token } = await customizedCampaign(f);
        return { method: 'GET', route, params: { id: String(id) }, headers: bearer(token) };
      },
    ]),
  ),
  'POST /api/save_campaign/': async (f) => {
    const { id, token } = await customizedCampaign(f);
    return {
      method: 'POST',
      route: '/api/save_campaign/',
      body: {
        campaign_id: id,
        name: 'Diwali push, saved',
        products: [{ product_id: f.siteIds[0], ...nextWindow(f.ctx) }],
      },
      headers: bearer(token),
    };
  },
  ...Object.fromEntries(
    ['/api/booking/booking_availability_check_multiple', '/api/booking/validate'].map((route) => [
      `POST ${route}`,
      async ({ ctx, siteIds }: Fixture): Promise<ValidRequest> => ({
        method: 'POST',
        route,
        body: [{ product_id: siteIds[1], ...nextWindow(ctx), campaign_id: null, customized: false }],
      }),
    ]),
  ),
  'POST /api/booking/book': async ({ ctx, siteIds }) => ({
    method: 'POST',
    route: '/api/booking/book',
    body: {
      amount: PRICE_RUPEES * 7,
      data: [{ product_id: siteIds[1], ...nextWindow(ctx), campaign_id: null, customized: false }],
    },
    headers: bearer((await buyer(ctx)).token),
  }),
  'POST /api/booking/checkout': async (f) => {
    const { token } = await buyer(f.ctx);
    const line = { product_id: f.siteIds[1], ...nextWindow(f.ctx), campaign_id: null, customized: false };
    const order = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/booking/book',
        body: { amount: PRICE_RUPEES * 7, data: [line] },
        headers: bearer(token),
      }),
      'book',
    );
    return {
      method: 'POST',
      route: '/api/booking/checkout',
      body: { order_id: order.order_id, payment: 'online' },
      headers: bearer(token),
    };
  },
  'POST /api/booking/confirm': async (f) => {
    const order = await checkedOutOrder(f);
    const pay = await ok(
      await send(f.ctx, {
        method: 'POST',
        route: '/api/payments/sandbox/pay',
        body: { razor_pay_order_id: order.providerOrderId, token: order.payToken },
      }),
      'sandbox pay',
    );
    return {
      method: 'POST',
      route: '/api/booking/confirm',
      body: {
        order_id: order.orderId,
        razorpay_order_id: order.providerOrderId,
        payment_id: pay.razorpay_payment_id,
        signature: pay.razorpay_signature,
        amount: order.out.amount,
      },
      headers: bearer(order.token),
    };
  },
  'GET /api/payments/sandbox/checkout': async (f) => {
    const order = await checkedOutOrder(f);
    return {
      method: 'GET',
      route: '/api/payments/sandbox/checkout',
      query: { order_id: order.providerOrderId, token: order.payToken },
    };
  },
  'POST /api/payments/sandbox/pay': async (f) => {
    const order = await checkedOutOrder(f);
    return {
      method: 'POST',
      route: '/api/payments/sandbox/pay',
      body: { razor_pay_order_id: order.providerOrderId, token: order.payToken },
    };
  },
  'POST /api/payments/razorpay/webhook': async (f) => {
    const order = await checkedOutOrder(f);
    const secret = f.ctx.config.payments.sandboxKeySecret;
    return {
      method: 'POST',
      route: '/api/payments/razorpay/webhook',
      body: {
        event: 'payment.failed',
        id: `evt_${order.orderId}`,
        payload: {
          payment: {
            entity: {
              id: `pay_failed_${order.orderId}`,
              order_id: order.providerOrderId,
              amount: order.out.amount,
              currency: 'INR',
            },
          },
        },
      },
      headers: { 'x-razorpay-event-id': `evt_header_${order.orderId}` },
      textHeaders: ['x-razorpay-event-id'],
      sign: (raw) => ({
        'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      }),
    };
  },
  'POST /api/partner/apply': async (f) => {
    const { token } = await buyer(f.ctx);
    return { method: 'POST', route: '/api/partner/apply', body: application(), headers: bearer(token) };
  },
  // The ops calls need an operator: the sweep's app is built with OPERATOR_PHONES naming OPERATOR_PHONE.
  'GET /api/ops/media-owners': async (f) => ({
    method: 'GET',
    route: '/api/ops/media-owners',
    query: { status: 'pending', page: '1', page_size: '10' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/approve': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/approve',
    params: { id: String(await pendingMediaOwner(f)) },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/media-owners/:id/reject': async (f) => ({
    method: 'POST',
    route: '/api/ops/media-owners/:id/reject',
    params: { id: String(await pendingMediaOwner(f)) },
    body: { reason: 'The GSTIN belongs to another company' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/audit': async (f) => ({
    method: 'GET',
    route: '/api/ops/audit',
    query: { page: '1', page_size: '10' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /media/sites/:kind/:city/:file': async () => ({
    method: 'GET',
    route: '/media/sites/:kind/:city/:file',
    params: { kind: 'lamp-post', city: 'mumbai', file: '1.svg' },
  }),
};

/** A customized campaign of a fresh buyer, made through the API. */
async function customizedCampaign(f: Fixture): Promise<{ id: number; token: string }> {
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

/** The operator's token, signed in once per app (the sign-in code limits count per phone). */
const operatorTokens = new WeakMap<TestContext, Promise<string>>();
function operatorToken(f: Fixture): Promise<string> {
  let token = operatorTokens.get(f.ctx);
  if (!token) {
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

/** A fresh buyer's application, pending: what an operator approves or rejects. */
async function pendingMediaOwner(f: Fixture): Promise<number> {
  const { token } = await buyer(f.ctx);
  const made = await ok(
    await send(f.ctx, {
      method: 'POST',
      route: '/api/partner/apply',
      body: application(),
      headers: bearer(token),
    }),
    'partner apply',
  );
  return made.data.id as number;
}
