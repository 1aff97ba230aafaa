import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// A stand-in build: the bare index.html, one asset and two prerendered pages with the manifest the
// web build writes (apps/web/build/prerender.ts).
const dist = mkdtempSync(path.join(os.tmpdir(), 'ooh-static-'));
let ctx: TestContext;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>bare');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'prerendered', 'home.html'), '<!doctype html><div id="root">home</div>');
  writeFileSync(
    path.join(dist, 'prerendered', 'product.html'),
    '<!doctype html><div id="root">product</div>',
  );
  const pages = [
    { pattern: '/', regexp: '^/?$', file: 'home.html' },
    { pattern: '/product/:productId', regexp: '^/product/[^/]+/?$', file: 'product.html' },
  ];
  writeFileSync(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify({ pages }));
  ctx = await createTestApp({ webDist: dist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app behind the API', () => {
  it('answers / with the prerendered home page, to be revalidated on every visit', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">home</div>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a route with a parameter with its page, whatever the id and the query', async () => {
    for (const url of ['/product/42', '/product/7/?from=addToCart']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">product</div>');
    }
  });

  it('answers any other path with the bare index.html, which the app then routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('bare');
  });

  it('serves hashed assets for a year and keeps /api answers in JSON', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
