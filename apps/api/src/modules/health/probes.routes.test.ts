import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { writeStandInWebBuild } from '../../../test/web-build.ts';

/** DESIGN 21: the probes an orchestrator asks, and HEAD answered like GET on every route and page. */
const dist = mkdtempSync(path.join(os.tmpdir(), 'ooh-probes-'));
let ctx: TestContext;
beforeAll(async () => {
  writeStandInWebBuild(dist);
  ctx = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer ok, never from a cache', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json()], url).toEqual([200, { status: 'ok' }]);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('HEAD', () => {
  it('answers every GET route of the API as GET does, without a body', async () => {
    const site = await insertProduct(ctx.database.db, { name: 'Head Lamp Post' });
    for (const url of [
      '/api/health',
      '/api/health/ready',
      '/api/health/live',
      '/api/product/',
      `/api/product/${site.id}`,
    ]) {
      const get = await ctx.app.inject({ method: 'GET', url });
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect([head.statusCode, head.body], url).toEqual([get.statusCode, '']);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
    }
    const missing = await ctx.app.inject({ method: 'HEAD', url: '/api/product/999999' });
    expect([missing.statusCode, missing.body]).toEqual([404, '']);
  });

  it('answers every page as GET does, without a body', async () => {
    for (const url of ['/', '/products?state=Goa', '/campaigns', '/no/such/page']) {
      const get = await ctx.app.inject({ method: 'GET', url });
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect([head.statusCode, head.body], url).toEqual([200, '']);
      expect(get.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
    }
  });

  it('still refuses other methods on a page with a 404', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/products' });
    expect(res.statusCode).toBe(404);
  });
});
