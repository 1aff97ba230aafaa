import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { STAND_IN_SCRIPTS, writeStandInWebBuild } from '../../test/web-build.ts';
import { products } from '../db/schema.ts';

// A stand-in web build (test/web-build.ts): the browser's files, and a request handler like React Router's.
const dist = mkdtempSync(path.join(os.tmpdir(), 'ooh-static-'));
let ctx: TestContext;

beforeAll(async () => {
  writeStandInWebBuild(dist);
  ctx = await createTestApp({ webDist: dist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app behind the API', () => {
  it('renders every page on request, with its query, to be revalidated on every visit', async () => {
    for (const url of ['/', '/products?state=Goa', '/no/such/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`<div id="page">page ${url} cookie </div>`);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // The same for every visitor: a proxy may keep it for the catalogue's TTL, a browser asks again.
      expect(res.headers['cache-control']).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    }
  });

  it('answers a form sent before the scripts ran through the page, from this site only (issue 44)', async () => {
    const fields = new URLSearchParams({
      name: 'Asha Rao',
      company_name: 'Rao Foods',
      phone_number: '9876543210',
      email: 'asha@example.com',
      message: 'Lamp posts in Pune',
    }).toString();
    const post = (headers: Record<string, string>, payload = fields, url = '/?index') =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
      });
    const sent = await post({ origin: 'http://localhost:80', host: 'localhost:80' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('<div id="page">sent 201</div>');
    // An answer to one visitor's form is never kept for the next.
    expect(sent.headers['x-cache']).toBeUndefined();
    expect(String(sent.headers['cache-control'])).not.toContain('public');
    // Another site's page cannot post it; a page of ours posts URL-encoded, API routes still refuse that.
    expect((await post({ origin: 'https://elsewhere.example', host: 'localhost:80' })).statusCode).toBe(403);
    expect((await post({ host: 'localhost:80' })).statusCode).toBe(403);
    const api = await post({ origin: 'http://localhost:80', host: 'localhost:80' }, fields, '/api/contact/');
    expect(api.statusCode).toBe(415);
    const huge = await post(
      { origin: 'http://localhost:80', host: 'localhost:80' },
      `message=${'x'.repeat(40_000)}`,
    );
    expect(huge.statusCode).toBe(413);
  });

  it("takes the holds' forms of a site's page, a campaign's page and My Orders the same way, and no other page's (decision 082)", async () => {
    const post = (url: string, origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost:80' },
        payload: 'intent=release&hold_id=1',
      });
    for (const url of [
      '/product/5',
      '/campaign/2',
      '/campaign/2.data',
      '/campaign/2/product/5',
      '/customized-campaign/product/5',
      '/my-orders',
      '/profile',
      '/agency',
      '/approvals/abc',
      '/approvals/abc.data',
      '/campaign/12',
      '/campaign/12.data',
    ]) {
      // Handed to the page (the stand-in's action sends the fields on, and the API refuses them: 400).
      const sent = await post(url, 'http://localhost:80');
      expect(sent.body, url).toContain('<div id="page">sent 400</div>');
      expect((await post(url, 'https://elsewhere.example')).statusCode, url).toBe(403);
    }
    expect((await post('/verify-mobile', 'http://localhost:80')).statusCode).toBe(404);
  });

  it("keeps no page its route says is never stored (an approver's link), nor lets anyone else keep it", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/approvals/abc' });
      expect(res.body).toContain('<div id="page">approval</div>');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it("answers a kept page's ETag with 304 and a changed catalogue with a new ETag", async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Juhu Beach Gantry' });
    const url = `/product/${site.id}`;
    const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
    await vi.waitFor(async () => expect((await get()).headers['x-cache']).toBe('hit'), { timeout: 5000 });
    const kept = await get({ 'accept-encoding': 'br' });
    const etag = String(kept.headers.etag);
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another coding is another representation: its own tag.
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(200);
    await ctx.database.db.update(products).set({ name: 'Juhu Beach Arch' }).where(eq(products.id, site.id));
    await vi.waitFor(
      async () => {
        const changed = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      },
      { timeout: 5000 },
    );
    // A signed-in visitor's page is never publicly cacheable, nor answered from a shared tag.
    const signedIn = await get({ cookie: 'ooh_session=abc', 'if-none-match': etag });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.etag).toBeUndefined();
  });

  it("hands the page's loaders the API in this process, with the request's cookie", async () => {
    const product = await insertProduct(ctx.database.db, { name: 'Marine Drive Lamp Post' });
    const page = await ctx.app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(page.body).toContain('<div id="page">Marine Drive Lamp Post</div>');
    const missing = await ctx.app.inject({ method: 'GET', url: '/product/999999' });
    expect(missing.statusCode).toBe(404);
    const cookie = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: 'ooh_session=abc' } });
    expect(cookie.body).toContain('cookie ooh_session=abc</div>');
    // Rendered with a session, a page may hold that user's data: this browser's cache only, never a shared one.
    expect(cookie.headers['cache-control']).toBe('private, no-cache');
    expect(cookie.headers.vary).toContain('cookie');
  });

  it("passes the router's redirects on, compresses pages as the browser accepts", async () => {
    const moved = await ctx.app.inject({ method: 'GET', url: '/elsewhere' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/');
    const br = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding, cookie');
  });

  it('serves hashed assets for a year with the headers that apply to them, other files revalidated, and keeps /api answers in JSON', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    // A script or stylesheet needs no validators (its name changes with it) nor a document's headers.
    expect(asset.headers).not.toHaveProperty('etag');
    expect(asset.headers).not.toHaveProperty('last-modified');
    expect(icon.headers).toHaveProperty('etag');
    for (const [name, value] of Object.entries(ctx.app.securityHeaders)) {
      expect(icon.headers[name], name).toBe(value);
    }
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const sub = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(sub.statusCode, url).toBe(200);
      expect(sub.headers['x-content-type-options'], url).toBe('nosniff');
      expect(sub.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(sub.headers['referrer-policy'], url).toBe(ctx.app.securityHeaders['referrer-policy']);
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
        expect(sub.headers, `${url} ${name}`).not.toHaveProperty(name);
    }
    // A worker runs under its own script's policy; an SVG can be opened as a document: both keep them all.
    for (const url of ['/assets/worker-hash-abc123.js', '/assets/map-abc123.svg']) {
      const full = await ctx.app.inject({ method: 'GET', url });
      expect(full.statusCode, url).toBe(200);
      for (const [name, value] of Object.entries(ctx.app.securityHeaders)) {
        expect(full.headers[name], `${url} ${name}`).toBe(value);
      }
    }
    for (const [method, url] of [
      ['GET', '/api/no-such-route'],
      ['POST', '/products'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });

  it('keeps a public page rendered from catalogue answers, and renders it again once the catalogue changes', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Worli Sea Face Hoarding' });
    const url = `/product/${site.id}`;
    const get = () => ctx.app.inject({ method: 'GET', url });
    // On PostgreSQL the insert's notice may arrive after the first render and drop it: wait for a kept one.
    const kept = await vi.waitFor(
      async () => {
        const answer = await get();
        expect(answer.headers['x-cache']).toBe('hit');
        return answer;
      },
      { timeout: 5000 },
    );
    expect(kept.body).toContain('<div id="page">Worli Sea Face Hoarding</div>');
    // Sent to many visitors, a kept page's policy names its scripts by hash, never a nonce someone has seen.
    const policy = String(kept.headers['content-security-policy']);
    expect(policy).not.toContain("'nonce-");
    for (const script of STAND_IN_SCRIPTS) {
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    // Renamed behind the API's back (another process, an operator): the next visitor sees the new name.
    await ctx.database.db
      .update(products)
      .set({ name: 'Worli Sea Link Hoarding' })
      .where(eq(products.id, site.id));
    await vi.waitFor(async () => expect((await get()).body).toContain('Worli Sea Link Hoarding'), {
      timeout: 5000,
    });
    // And no page outlives the catalogue's time to live.
    await vi.waitFor(async () => expect((await get()).headers['x-cache']).toBe('hit'), { timeout: 5000 });
    ctx.clock.advance(ctx.config.catalogueCacheTtlMs + 1);
    expect((await get()).headers['x-cache']).toBe('miss');
  });

  it('never keeps nor serves a kept page to a signed-in request, and keeps no error', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/about-us' });
    expect(['hit', 'miss']).toContain(anonymous.headers['x-cache']);
    for (const cookie of ['ooh_session=abc', 'theme=dark; ooh_signed_in=1']) {
      const signedIn = await ctx.app.inject({ method: 'GET', url: '/about-us', headers: { cookie } });
      expect(signedIn.headers['x-cache'], cookie).toBeUndefined();
      expect(signedIn.body, cookie).toContain(`cookie ${cookie}</div>`);
      expect(signedIn.headers['content-security-policy'], cookie).toContain("'nonce-");
    }
    for (let i = 0; i < 2; i++) {
      const missing = await ctx.app.inject({ method: 'GET', url: '/product/999998' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-cache']).toBeUndefined();
    }
  });
});
