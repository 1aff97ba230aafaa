import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

// The city pages as `npm start` serves them, with a stand-in build: its renderer writes the answers it is given
// into the page (the real one, apps/web/src/entry-prerender.tsx, is driven by e2e/seo.spec.ts).
const root = mkdtempSync(path.join(os.tmpdir(), 'ooh-city-pages-'));
const dist = path.join(root, 'dist');
let ctx: TestContext;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  mkdirSync(`${dist}-server`);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  writeFileSync(path.join(dist, 'prerendered', 'city.html'), '<div id="root">loading</div>');
  const city = (params: string) => ({
    pattern: `/outdoor-advertising${params}`,
    regexp: `^/outdoor-advertising${params.replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`,
    file: 'city.html',
    data: [`/api/outdoor-advertising${params}`, '/api/outdoor-advertising'],
    render404: true,
  });
  writeFileSync(
    path.join(dist, 'prerendered', 'manifest.json'),
    JSON.stringify({ pages: [city('/:city'), city('/:city/:format')] }),
  );
  writeFileSync(
    path.join(`${dist}-server`, 'entry-prerender.js'),
    `export async function renderDocument(template, url, data) {
  const [page, directory] = Object.values(data);
  const body = page.error
    ? 'Not found: ' + directory.cities.map((c) => c.name).join(', ')
    : page.city.name + ': ' + page.sites.map((s) => s.name).join(', ');
  return template.replace('<div id="root"></div>', '<div id="root">' + body + '</div>');
}
`,
  );
  ctx = await createTestApp({ webDist: dist });
  await insertProduct(ctx.database.db, { name: 'Marine Drive Lamp Post' });
  await insertProduct(ctx.database.db, { name: 'Sealink Hoarding', city: 'Navi Mumbai' });
});

afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('city pages served by the API', () => {
  it('renders a city page with its sites and the city list, status 200', async () => {
    const res = await get('/outdoor-advertising/mumbai');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">Mumbai: Marine Drive Lamp Post</div>');
    expect((await get('/outdoor-advertising/navi-mumbai/lamp-posts')).body).toContain('Sealink Hoarding');
  });

  it('answers an unknown city or format with status 404 and a page naming the known cities', async () => {
    for (const url of ['/outdoor-advertising/atlantis', '/outdoor-advertising/mumbai/zeppelins']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Not found: Mumbai, Navi Mumbai');
    }
  });

  it('answers hostile slugs with the 404 page, never an error', async () => {
    for (const url of [
      '/outdoor-advertising/mum%00bai',
      `/outdoor-advertising/${'a'.repeat(100_000)}`,
      '/outdoor-advertising/%E2%80%8Fmumbai%E2%80%8E',
      '/outdoor-advertising/%E2%80%AEiabmum',
      '/outdoor-advertising/..%2f..%2fetc%2fpasswd',
      '/outdoor-advertising/mumbai/..%2f..%2fapi%2fhealth',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url.slice(0, 60)).toBe(404);
      expect(res.body, url.slice(0, 60)).toContain('Not found: Mumbai, Navi Mumbai');
    }
    // A malformed %-escape is no URL at all: Fastify refuses it (400 in the error shape) before any page.
    for (const url of [
      '/outdoor-advertising/%E0%A4%A',
      '/outdoor-advertising/%',
      '/outdoor-advertising/mumbai/%ZZ',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
