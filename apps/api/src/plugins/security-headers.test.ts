import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { book, checkout, line, tokenFor } from '../../test/api-calls.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { STAND_IN_SCRIPTS, writeStandInWebBuild } from '../../test/web-build.ts';

type Headers = Record<string, string | string[] | number | undefined>;

/** A Content-Security-Policy header as directive -> sources. */
function directives(headers: Headers): Record<string, string[]> {
  const policy = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What every answer carries, whatever it is. */
function expectSecurityHeaders(headers: Headers, framedBy: 'none' | 'self' = 'none') {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe(framedBy === 'none' ? 'DENY' : 'SAMEORIGIN');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  const csp = directives(headers);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual([framedBy === 'none' ? "'none'" : "'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['script-src']).toContain("'self'");
  // No inline script but by hash or nonce, and never eval.
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-eval');
  return csp;
}

describe('security headers on API answers (sandbox payments)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('every kind of answer carries them: JSON, a cached catalogue answer, errors, a site picture', async () => {
    await insertProduct(ctx.database.db);
    // On PostgreSQL the insert's change notice arrives a moment after the commit and drops what was cached
    // before it: ask until the answer comes from the cache.
    const cached = await vi.waitFor(
      async () => {
        const answer = await ctx.app.inject({ method: 'GET', url: '/api/product/' });
        expect(answer.headers['x-cache']).toBe('hit');
        return answer;
      },
      { timeout: 5000, interval: 20 },
    );
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/product/',
        headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
      }),
      cached,
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await ctx.app.inject({ method: 'GET', url: '/api/product/not-a-number' }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/user/' }),
      await ctx.app.inject({ method: 'GET', url: '/api/product/%E0%A4%A' }),
      await ctx.app.inject({ method: 'GET', url: '/media/sites/hoarding/mumbai/1.svg' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404, 400, 401, 400, 200]);
    expect(answers[2].headers['x-cache']).toBe('hit');
    for (const answer of answers) {
      const csp = expectSecurityHeaders(answer.headers);
      // Without a web build no inline script is allowed, and Razorpay is not the provider.
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(String(answer.headers['content-security-policy'])).not.toContain('razorpay');
    }
  });

  it('the sandbox payment window runs its one script by a nonce fresh per answer, framed by this origin only', async () => {
    const token = await tokenFor(ctx, 21);
    const site = await insertProduct(ctx.database.db);
    const order = (await book(ctx, token, [line(site.id, '2026-12-01', '2026-12-08')], 10_500)).json();
    const { checkout_url } = (await checkout(ctx, token, order.order_id)).json() as { checkout_url: string };
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await ctx.app.inject({ method: 'GET', url: checkout_url });
      expect(page.statusCode).toBe(200);
      const csp = expectSecurityHeaders(page.headers, 'self');
      const nonce = csp['script-src'].find((s) => s.startsWith("'nonce-"))?.slice(7, -1) ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map(([, attrs]) => attrs);
      expect(scripts).toEqual([` nonce="${nonce}"`]);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('security headers with Razorpay as the provider', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'rzp-secret',
        RAZORPAY_WEBHOOK_SECRET: 'rzp-webhook-secret',
      },
    });
  });
  afterAll(() => ctx.close());

  it("allows Razorpay's Checkout script, its frames and its calls, and nothing else of theirs", async () => {
    const csp = expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers);
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://checkout.razorpay.com',
      'https://cdn.razorpay.com',
    ]);
    expect(csp['frame-src']).toEqual(["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(csp['connect-src']).toContain('https://api.razorpay.com');
    expect(csp['connect-src']).toContain('https://lumberjack.razorpay.com');
  });
});

// A stand-in web build (test/web-build.ts): a request handler like React Router's, whose pages carry two inline
// scripts with the answer's nonce.
const dist = mkdtempSync(path.join(os.tmpdir(), 'ooh-security-headers-'));

describe('security headers on the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    writeStandInWebBuild(dist);
    ctx = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("allows a page's inline scripts by its answer's nonce, new each time, and lists their hashes", async () => {
    const product = await insertProduct(ctx.database.db);
    const nonces = new Set<string>();
    for (const url of ['/', '/no/such/page', `/product/${product.id}`]) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      const csp = expectSecurityHeaders(page.headers);
      const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1] ?? '';
      nonces.add(nonce);
      expect(csp['script-src'], url).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
        ...STAND_IN_SCRIPTS.map(sha256).sort(),
      ]);
    }
    expect(nonces.size).toBe(3);
  });

  it('never allows a script that got into a page otherwise: it cannot carry the nonce', async () => {
    // The stand-in writes the name unescaped (React escapes it): the policy still refuses the script.
    const hostile = await insertProduct(ctx.database.db, { name: '<script>alert(1)</script>' });
    const page = await ctx.app.inject({ method: 'GET', url: `/product/${hostile.id}` });
    expect(page.body).toContain('<div id="page"><script>alert(1)</script></div>');
    expect(directives(page.headers)['script-src']).not.toContain(sha256('alert(1)'));
    expect(directives(page.headers)['script-src']).toHaveLength(2 + STAND_IN_SCRIPTS.length);
  });

  it('static files a browser can run as a document or worker carry the same headers, with no inline script allowed', async () => {
    for (const url of ['/favicon.svg', '/assets/map-abc123.svg', '/assets/worker-hash-abc123.js']) {
      const file = await ctx.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(expectSecurityHeaders(file.headers)['script-src'], url).toEqual(["'self'"]);
    }
    // A script a page loads is never a document: nosniff, CORP and the referrer policy, no page policy.
    const script = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers).not.toHaveProperty('content-security-policy');
  });
});
