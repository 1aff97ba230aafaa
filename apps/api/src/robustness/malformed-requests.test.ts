import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertStandardCampaign } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { JWT_AUDIENCE, JWT_ISSUER, signToken } from '../lib/jwt.ts';
import {
  badJson,
  describeRoutes,
  mutate,
  mutationsArb,
  nastySegment,
  nastyString,
  percentEncode,
  plausible,
  type RouteSpec,
  wrongContentType,
} from './malformed-requests.arbitraries.ts';

/**
 * Issue 6: whatever a client sends - wrong types, missing fields, huge or binary strings, bad dates, bad
 * JSON, wrong content types, bad path params, bad tokens - the API answers a 4xx of the error shape (or a
 * 2xx when the input happens to be valid), never a 5xx. Every route the app serves is fuzzed, read from
 * the app itself, so new routes are covered without editing this file. Seeded, so every run is the same.
 */
const SEED = 20_261_122;
const MIN_REQUESTS = 1_000;

let ctx: TestContext;
let routes: RouteSpec[];
let ids: number[];
let authHeaders: Array<string | undefined>;

async function jwt(
  claims: Record<string, unknown>,
  secret: string,
  opts: { exp?: number; aud?: string } = {},
) {
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setAudience(opts.aud ?? JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.exp ?? 3600))
    .sign(new TextEncoder().encode(secret));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const [a, b] = [await insertProduct(db), await insertProduct(db)];
  const campaign = await insertStandardCampaign(db, [a.id, b.id]);
  ids = [a.id, b.id, campaign.id];
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  routes = describeRoutes(ctx.app.printRoutes({ commonPrefix: false }), doc);

  const secret = ctx.config.jwtSecret;
  const { token } = await signToken({ phone_number: '9876543210' }, secret, ctx.clock.now());
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  authHeaders = [
    undefined,
    `Bearer ${token}`,
    `Bearer ${token}`,
    `bearer ${token}`,
    `Bearer ${await jwt({ phone_number: '9876543210' }, secret, { exp: -60 })}`,
    `Bearer ${await jwt({ phone_number: '9876543210' }, 'not-the-secret-not-the-secret-0123456789')}`,
    `Bearer ${await jwt({ phone_number: '98765\u0000432' }, secret)}`,
    `Bearer ${await jwt({ phone_number: 9876543210 }, secret)}`,
    `Bearer ${await jwt({ phone_number: '9876543210' }, secret, { aud: 'someone-else' })}`,
    `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ phone_number: '9876543210' })}.`,
    `Bearer ${token} extra`,
    `Bearer ${token.slice(0, -3)}abc`,
    `Token ${token}`,
    'Basic dXNlcjpwYXNz',
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${'A'.repeat(8_000)}`,
    '😀',
  ];
});

afterAll(async () => {
  await ctx?.close();
});

/** One generated request: maybe a wrong method, nasty path params and query, a bad token, a broken body. */
function requestArb(route: RouteSpec) {
  const template = plausible(route.body, '', ids);
  const segments = route.path.split('/').map((part) => {
    if (part.startsWith(':')) return nastySegment(ids);
    if (part === '*') return fc.array(nastySegment(ids), { maxLength: 3 }).map((p) => p.join('/'));
    return fc.constant(part);
  });
  const queryValue = fc.oneof(
    fc.constant('1'),
    nastyString.map((s) => percentEncode(s.slice(0, 2_000))),
    fc.constantFrom('%', '%E0%A4', '%zz'),
  );
  const query = fc
    .tuple(
      fc.subarray(route.queryNames),
      fc.array(queryValue, { minLength: 1, maxLength: 10 }),
      fc.array(fc.tuple(fc.constantFrom('x', '__proto__', 'page[]', '', 'constructor'), queryValue), {
        maxLength: 2,
      }),
      fc.boolean(),
    )
    .map(([names, values, extra, repeat]) => {
      const pairs = names.map((n, i) => `${n}=${values[i % values.length]}`);
      if (repeat && names.length) pairs.push(`${names[0]}=${values[values.length - 1]}`);
      for (const [k, v] of extra) pairs.push(`${k}=${v}`);
      return pairs.join('&');
    });
  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  const body = fc.oneof(
    { weight: 6, arbitrary: mutationsArb.map((m) => json(mutate(template, m))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    { weight: 2, arbitrary: badJson.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: wrongContentType.map((contentType) => ({ payload: JSON.stringify(template), contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
  );
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
    ),
    url: fc.tuple(fc.tuple(...segments), query).map(([s, q]) => (q ? `${s.join('/')}?${q}` : s.join('/'))),
    authorization: fc.constantFrom(...authHeaders),
    body,
  });
}

type Generated = ReturnType<typeof requestArb> extends fc.Arbitrary<infer T> ? T : never;

const describeRequest = (r: Generated) =>
  `${r.method} ${r.url.slice(0, 200)} [${r.body.contentType}] ${String(r.body.payload).slice(0, 200)}`;

function expectErrorShape(res: LightMyRequestResponse, label: string) {
  const seen = `${label}\n-> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, seen).toBeLessThan(500);
  // The only 3xx is a redirect (the API docs' index page): it must say where to.
  if (res.statusCode >= 300 && res.statusCode < 400) expect(res.headers.location, seen).toBeTruthy();
  if (res.statusCode < 400) return;
  let parsed: { error?: { code?: unknown; message?: unknown } } | undefined;
  try {
    parsed = res.json();
  } catch {
    parsed = undefined;
  }
  const error = parsed?.error;
  const shapeOk =
    typeof error === 'object' &&
    typeof error.code === 'string' &&
    error.code.length > 0 &&
    typeof error.message === 'string' &&
    error.message.trim().length > 0;
  expect(shapeOk, seen).toBe(true);
}

describe('malformed requests', () => {
  it('fuzzes every route the app serves, including each one in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const served = new Set(routes.map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`));
    for (const [path, byMethod] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(byMethod)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '')}`;
        expect(served, key).toContain(key);
      }
    }
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(10);
  });

  it('answers every malformed request with a 4xx of the error shape (or a 2xx), never a 5xx', async () => {
    let sent = 0;
    const runsPerRoute = Math.ceil(MIN_REQUESTS / routes.length);
    for (const [i, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (r) => {
          sent += 1;
          const headers: Record<string, string> = {};
          if (r.authorization !== undefined) headers.authorization = r.authorization;
          if (r.body.contentType !== undefined) headers['content-type'] = r.body.contentType;
          const res = await ctx.app.inject({
            method: r.method as 'GET',
            url: r.url,
            headers,
            ...(r.body.payload !== undefined ? { payload: r.body.payload } : {}),
          });
          expectErrorShape(res, `${route.method} ${route.path}: ${describeRequest(r)}`);
        }),
        { seed: SEED + i, numRuns: runsPerRoute },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });

  it('answers a body over the 1 MiB limit with 413 and the error shape', async () => {
    const big = JSON.stringify({ name: 'A', message: 'x'.repeat(1_100_000) });
    for (const url of ['/api/contact/', '/api/booking/validate', '/api/payments/razorpay/webhook']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: big,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
  });
});
