import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertProduct } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// A stand-in build: a prerendered product page and, in dist-server/, a renderer that writes the answer it
// is given into the page (the real one, apps/web/src/entry-prerender.tsx, is driven by e2e/prerender.spec.ts).
const root = mkdtempSync(path.join(os.tmpdir(), 'ooh-web-pages-'));
const dist = path.join(root, 'dist');
const calls = (): Array<{ url: string; data: Record<string, { name: string }> }> =>
  (globalThis as unknown as { renderCalls: [] }).renderCalls;
let ctx: TestContext;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  mkdirSync(`${dist}-server`);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  writeFileSync(path.join(dist, 'prerendered', 'product.html'), '<div id="root">loading</div>');
  writeFileSync(path.join(dist, 'prerendered', 'products.html'), '<div id="root">list loading</div>');
  const pages = [
    {
      pattern: '/product/:productId',
      regexp: '^/product/(?<productId>[^/]+)/?$',
      file: 'product.html',
      data: '/api/product/:productId',
    },
    {
      pattern: '/products',
      regexp: '^/products/?$',
      file: 'products.html',
      data: ['/api/product/?page=1&page_size=24'],
      render404: false,
      queryless: true,
    },
  ];
  writeFileSync(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify({ pages }));
  writeFileSync(
    path.join(`${dist}-server`, 'entry-prerender.js'),
    `globalThis.renderCalls = [];
export async function renderDocument(template, url, data) {
  globalThis.renderCalls.push({ url, data });
  const answer = Object.values(data)[0];
  const product = answer.payload ? answer.payload.results[0] : answer;
  if (product.name === 'Breaks the renderer') throw new Error('render failed');
  return template.replace('<div id="root"></div>', '<div id="root">' + product.name + '</div>');
}
`,
  );
  ctx = await createTestApp({ webDist: dist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe('product pages rendered on request', () => {
  it('renders the page with the API answer for its product, compressed as the browser accepts', async () => {
    const product = await insertProduct(ctx.database.db, { name: 'Marine Drive Lamp Post' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/product/${product.id}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      '<div id="root">Marine Drive Lamp Post</div>',
    );
    const call = calls().at(-1);
    expect(call?.url).toBe(`/product/${product.id}`);
    expect(call?.data[`/api/product/${product.id}`]).toMatchObject({
      id: product.id,
      name: 'Marine Drive Lamp Post',
    });
  });

  it('renders a page once per answer: the same answer is sent again, a changed one renders anew', async () => {
    const product = await insertProduct(ctx.database.db, { name: 'Worli Sea Face Hoarding' });
    const url = `/product/${product.id}`;
    const before = calls().length;
    const first = await ctx.app.inject({ method: 'GET', url });
    const second = await ctx.app.inject({ method: 'GET', url });
    expect(second.body).toBe(first.body);
    expect(calls().length).toBe(before + 1);
    // A booking changes the product's unavailable dates, so its answer and its page.
    await insertBooking(ctx.database.db, product.id, '2026-12-10', '2026-12-17');
    // The change notice reaches the catalogue cache at once on PGlite, within milliseconds on PostgreSQL.
    for (let tries = 0; tries < 40 && calls().length < before + 2; tries++) {
      const again = await ctx.app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(200);
      if (calls().length < before + 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(calls().length).toBe(before + 2);
  });

  it('sends the prerendered page when there is no such product, the id is not one, or the renderer fails', async () => {
    const broken = await insertProduct(ctx.database.db, { name: 'Breaks the renderer' });
    for (const url of ['/product/999999', '/product/abc', `/product/${broken.id}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">loading</div>');
    }
  });
});

describe('/products rendered on request', () => {
  it('arrives with its first page of sites without a query, and as the prerendered list with one', async () => {
    await insertProduct(ctx.database.db, { name: 'Bandra Bandstand Hoarding' });
    const first = await ctx.app.inject({ method: 'GET', url: '/api/product/?page=1&page_size=24' });
    const name = (first.json() as { payload: { results: Array<{ name: string }> } }).payload.results[0].name;
    for (const url of ['/products', '/products/', '/products?']) {
      const before = calls().length;
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<div id="root">${name}</div>`);
      if (calls().length > before)
        expect(Object.keys(calls().at(-1)?.data ?? {})).toEqual(['/api/product/?page=1&page_size=24']);
    }
    // The page's first render reads the query as empty: a filtered or map address must not show the
    // unfiltered page first, so it gets the prerendered list and fetches its own.
    for (const url of [
      '/products?state=Goa',
      '/products?view=map',
      '/products?page=2',
      '/products?search=%00',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">list loading</div>');
    }
  });

  it('keeps rendering product pages whatever their query', async () => {
    const product = await insertProduct(ctx.database.db, { name: 'Juhu Beach Gantry' });
    const res = await ctx.app.inject({ method: 'GET', url: `/product/${product.id}?from=2027-01-01` });
    expect(res.body).toContain('<div id="root">Juhu Beach Gantry</div>');
  });
});
