import { addDays, linePricePaise, parseBookingDuration, todayIst } from '@ooh/shared';
import type { AutocannonRequest } from 'autocannon';
import { signToken } from '../../apps/api/src/lib/jwt.ts';
import { benchSignIn } from './sign-in.ts';

/** A site as the book-and-pay flow needs it: id, daily price in rupees, minimum booking in days. */
export interface BenchSite {
  id: number;
  price: number;
  minDays: number;
}

/** What autocannon sends for one scenario: a single request, or a sequence each connection cycles through. */
export interface Scenario {
  name: string;
  /** Catalogue reads get an nginx ceiling for the same bytes. */
  read: boolean;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
  /** Requests per iteration: the flow's rps is divided by it to give flows per second. */
  stepsPerIteration: number;
  /** The read whose nginx ceiling this one is compared with (same bytes give or take), if not its own. */
  ceilingOf?: string;
  /**
   * The ceiling started in the same run that this row is compared with (issue 23): 'fastify', a bare Fastify
   * answering the bytes the product answered to this very request; 'stripped', node:http + the database
   * replaying the SQL the product's repositories ran for it (GET product list and detail paths only).
   */
  ceiling?: 'fastify' | 'stripped';
  /** The least share of its ceiling this row must reach at 16 and 64 connections, when issue 23 sets one. */
  goal?: number;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Up to `limit` sites from the public list (100 a page), for the availability check and the flow. */
export async function fetchSites(baseUrl: string, limit = 500): Promise<BenchSite[]> {
  const sites: BenchSite[] = [];
  for (let page = 1; sites.length < limit; page++) {
    const res = await fetch(`${baseUrl}/api/product/?page=${page}&page_size=100`);
    if (!res.ok) throw new Error(`GET /api/product/ page ${page}: ${res.status}`);
    const body = (await res.json()) as {
      payload: { next: string | null; results: { id: number; price: number; booking_duration: unknown }[] };
    };
    for (const p of body.payload.results) {
      sites.push({
        id: p.id,
        price: p.price,
        minDays: Math.max(1, parseBookingDuration(p.booking_duration)),
      });
    }
    if (!body.payload.next) break;
  }
  if (sites.length === 0) throw new Error('the catalogue is empty');
  return sites.slice(0, limit);
}

/** `devKey`: the server's dev key, which the "uncached" rows need to bypass the catalogue cache. */
export function readScenarios(sites: BenchSite[], devKey: string): Scenario[] {
  const from = addDays(todayIst(), 30);
  const checks = sites
    .slice(0, 50)
    .map((s) => ({ product_id: s.id, from_date: from, to_date: addDays(from, 14) }));
  const fastify = { ceiling: 'fastify' as const, goal: 0.8 };
  const cached: Scenario[] = [
    { name: 'product list, page 1', read: true, path: '/api/product/', stepsPerIteration: 1, ...fastify },
    {
      name: 'product list, filtered',
      read: true,
      path: '/api/product/?state=Maharashtra&price=500,20000',
      stepsPerIteration: 1,
      ...fastify,
    },
    {
      name: 'product list, search',
      read: true,
      path: '/api/product/?search=road',
      stepsPerIteration: 1,
      ceiling: 'fastify',
    },
    {
      name: 'product detail',
      read: true,
      path: `/api/product/${sites[0].id}`,
      stepsPerIteration: 1,
      ...fastify,
    },
  ];
  // Issue 23's goal for the database path: 0.7x the stripped server for list, bbox, near and free-for-dates.
  const stripped = (read: Scenario, goal?: number): Scenario => ({
    ...uncached(read, devKey),
    ceiling: 'stripped',
    goal,
  });
  const availability: Scenario = {
    name: `availability, ${checks.length} sites`,
    read: false,
    path: '/api/booking/booking_availability_check_multiple',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(checks),
    stepsPerIteration: 1,
    ceiling: 'fastify',
    goal: 0.5,
  };
  return [
    ...cached,
    ...cached.map((read) => stripped(read, read.name === 'product list, page 1' ? 0.7 : undefined)),
    ...AREA_READS.map((read) => stripped(read, 0.7)),
    stripped(freeForDatesRead(), 0.7),
    availability,
    // The same ranges on the database path, as a cart never asked before costs (no goal: for the record).
    {
      ...availability,
      name: `${availability.name}, uncached`,
      headers: { ...JSON_HEADERS, 'cache-control': 'no-cache', 'x-dev-key': devKey },
      goal: undefined,
    },
  ];
}

/** Free for my dates (docs/product-rules.md section 12): a fortnight a month ahead, every filter off. */
function freeForDatesRead(): Scenario {
  const from = addDays(todayIst(), 30);
  return {
    name: 'product list, free for dates',
    read: true,
    path: `/api/product/?available_from=${from}&available_to=${addDays(from, 14)}`,
    stepsPerIteration: 1,
  };
}

/**
 * Search by area (docs/product-rules.md section 12), uncached only: a city-sized map view (bbox) and "within 10 km of
 * central Mumbai" nearest first. The demo catalogue puts a share of every size's sites in Mumbai, so these
 * read thousands of positions through products_position_gist_idx at 100,000 sites.
 */
export const AREA_READS: Scenario[] = [
  {
    name: 'product list, bbox',
    read: true,
    path: '/api/product/?bbox=72.75,18.88,73.05,19.3',
    stepsPerIteration: 1,
  },
  {
    name: 'product list, near',
    read: true,
    path: '/api/product/?near=19.076,72.8777&radius_km=10',
    stepsPerIteration: 1,
  },
];

/**
 * The same read sent with `Cache-Control: no-cache` and the server's dev key, which the catalogue cache
 * honours by answering from the database without reading or storing an entry (decisions 014, 040): it
 * measures the database path (filters, count, page, dates). Without the key the cache answers anyway, and
 * a made-up query parameter does not miss either: the cache keys on the validated query.
 */
function uncached(read: Scenario, devKey: string): Scenario {
  return {
    ...read,
    name: `${read.name}, uncached`,
    ceilingOf: read.name,
    headers: { ...read.headers, 'cache-control': 'no-cache', 'x-dev-key': devKey },
  };
}

/**
 * book -> checkout -> sandbox pay -> confirm, as a 4-request sequence per connection. Every iteration takes
 * the next (site, window) pair from a counter shared by all connections and all runs on this server, so no
 * two bookings overlap. Windows start 400 days out: past the owner blocks the seed places in the next year.
 */
export async function bookAndPayScenario(
  sites: BenchSite[],
  jwtSecret: string,
  baseUrl: string,
): Promise<Scenario> {
  // A buyer per connection: one buyer may hold at most 3 unpaid orders at once (docs/product-rules.md section 3).
  const tokens = await Promise.all(
    Array.from({ length: 256 }, async (_, i) => {
      const phone = `98${String(1 + i).padStart(8, '0')}`;
      const { token } = await signToken({ phone_number: phone }, jwtSecret, new Date());
      // Checkout needs the buyer's billing state (it decides the GST): saved once, as the checkout page does.
      const res = await fetch(`${baseUrl}/api/auth/update_user_by_phone/`, {
        method: 'PATCH',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
        body: JSON.stringify({
          first_name: 'Bench',
          last_name: `Buyer ${i}`,
          phone_number: phone,
          company: 'Bench Outdoor Pvt Ltd',
          address_line_1: '1 MG Road',
          city: 'Pune',
          state: 'Maharashtra',
          pin: '411001',
        }),
      });
      if (!res.ok) throw new Error(`update_user_by_phone: ${res.status}`);
      return token;
    }),
  );
  let connections = 0;
  const base = addDays(todayIst(), 400);
  const slot = Math.max(...sites.map((s) => s.minDays));
  let iteration = 0;
  const step = (path: string, build: (ctx: Record<string, unknown>) => unknown): AutocannonRequest => ({
    method: 'POST',
    path,
    headers: JSON_HEADERS,
    setupRequest: (req, ctx) => {
      ctx.token ??= tokens[connections++ % tokens.length];
      const headers = { ...JSON_HEADERS, authorization: `Bearer ${ctx.token as string}` };
      return { ...req, headers, body: JSON.stringify(build(ctx)) };
    },
  });
  const parse = (body: string): Record<string, unknown> => {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const requests: AutocannonRequest[] = [
    {
      ...step('/api/booking/book', (ctx) => {
        const n = iteration++;
        const site = sites[n % sites.length];
        const from = addDays(base, Math.floor(n / sites.length) * slot);
        const to = addDays(from, site.minDays);
        ctx.order_id = undefined;
        const amount = linePricePaise({ price: site.price, from_date: from, to_date: to }) / 100;
        return { amount, data: [{ product_id: site.id, from_date: from, to_date: to, campaign_id: null }] };
      }),
      onResponse: (_status, body, ctx) => {
        ctx.order_id = parse(body).order_id;
      },
    },
    {
      ...step('/api/booking/checkout', (ctx) => ({ order_id: ctx.order_id ?? 0, payment: 'online' })),
      onResponse: (_status, body, ctx) => {
        const out = parse(body);
        ctx.provider_order = out.razor_pay_order_id;
        const url = typeof out.checkout_url === 'string' ? out.checkout_url : null;
        ctx.pay_token = url
          ? (new URL(url, 'http://localhost').searchParams.get('token') ?? undefined)
          : undefined;
        ctx.amount = out.amount;
      },
    },
    {
      ...step('/api/payments/sandbox/pay', (ctx) => ({
        razor_pay_order_id: ctx.provider_order ?? 'none',
        token: ctx.pay_token ?? 'none',
      })),
      onResponse: (_status, body, ctx) => {
        const out = parse(body);
        ctx.payment_id = out.razorpay_payment_id;
        ctx.signature = out.razorpay_signature;
      },
    },
    step('/api/booking/confirm', (ctx) => ({
      order_id: ctx.order_id ?? 0,
      razorpay_order_id: ctx.provider_order ?? 'none',
      payment_id: ctx.payment_id ?? 'none',
      signature: ctx.signature ?? 'none',
      amount: ctx.amount ?? 0,
    })),
  ];
  return {
    name: 'book -> checkout -> pay -> confirm',
    read: false,
    path: '/',
    requests,
    stepsPerIteration: 4,
  };
}

/**
 * The buyer's order page, signed in the browser's way (issue 23): a session cookie from POST
 * /api/auth/otp/verify (the code read from the dev SMS outbox with the dev key), one order booked and paid
 * through the sandbox with the token the same sign-in returned, then GET /api/orders/{id} with the cookie.
 * Dates 700 days out, past the flow's windows.
 */
export async function orderPageScenario(
  sites: BenchSite[],
  baseUrl: string,
  devKey: string,
): Promise<Scenario> {
  const { orderId, session } = await signedInPaidOrder(sites, baseUrl, devKey, '9811122233');
  return {
    name: 'order page, signed in',
    read: false,
    path: `/api/orders/${orderId}`,
    headers: { cookie: `ooh_session=${session}` },
    stepsPerIteration: 1,
    ceiling: 'fastify',
  };
}

/**
 * A buyer signed in through the API as the browser is (the code from the dev SMS outbox, the session
 * cookie's value kept as `session`) who has paid for one line on the sandbox. Needs a server
 * started with BOT_CHECK=off and its dev key.
 */
export async function signedInPaidOrder(
  sites: BenchSite[],
  baseUrl: string,
  devKey: string,
  phone: string,
): Promise<{ orderId: number; session: string }> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: path.startsWith('/api/auth/update') ? 'PATCH' : 'POST',
      headers: { ...JSON_HEADERS, ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const signedIn = await benchSignIn(baseUrl, devKey, phone);
  const session = signedIn.cookie;
  const auth = { authorization: `Bearer ${signedIn.token}` };
  await post(
    '/api/auth/update_user_by_phone/',
    {
      first_name: 'Bench',
      last_name: 'Reader',
      phone_number: phone,
      company: 'Bench Outdoor Pvt Ltd',
      address_line_1: '1 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
    },
    auth,
  );
  const site = sites[0];
  const from = addDays(todayIst(), 700);
  const to = addDays(from, site.minDays);
  const amount = linePricePaise({ price: site.price, from_date: from, to_date: to }) / 100;
  const booked = (await (
    await post(
      '/api/booking/book',
      { amount, data: [{ product_id: site.id, from_date: from, to_date: to, campaign_id: null }] },
      auth,
    )
  ).json()) as { order_id: number };
  const checkout = (await (
    await post('/api/booking/checkout', { order_id: booked.order_id, payment: 'online' }, auth)
  ).json()) as { razor_pay_order_id: string; checkout_url: string; amount: number };
  const token = new URL(checkout.checkout_url, 'http://localhost').searchParams.get('token') ?? '';
  const paid = (await (
    await post('/api/payments/sandbox/pay', { razor_pay_order_id: checkout.razor_pay_order_id, token }, auth)
  ).json()) as { razorpay_payment_id: string; razorpay_signature: string };
  await post(
    '/api/booking/confirm',
    {
      order_id: booked.order_id,
      razorpay_order_id: checkout.razor_pay_order_id,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      amount: checkout.amount,
    },
    auth,
  );
  return { orderId: booked.order_id, session };
}
