import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, type TestContext, testConfig } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { writeStandInWebBuild } from '../../test/web-build.ts';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/client.ts';

// MAP_TILE_URL and MAP_TILE_ATTRIBUTION (docs/product-rules.md section 12, decision 031): checked at start, written into
// every HTML page as <meta> tags, the tile origin allowed in img-src. A stand-in web build (test/web-build.ts).
const dist = mkdtempSync(path.join(os.tmpdir(), 'ooh-map-tiles-'));
let database: Database;

beforeAll(async () => {
  writeStandInWebBuild(dist);
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The app serving the stand-in build with these settings, on the one database of this file. */
async function appWith(env: Record<string, string>, run: (ctx: TestContext) => Promise<void>) {
  const ctx = await createTestApp({ webDist: dist, env, database });
  try {
    await run(ctx);
  } finally {
    await ctx.app.close();
  }
}

function imgSrc(headers: Record<string, unknown>): string[] {
  const policy = String(headers['content-security-policy'] ?? '');
  const directive = policy.split(';').find((d) => d.trim().startsWith('img-src '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

/** Pages of every kind: the home page, an unknown address, a page rendered with its record. */
async function documents(ctx: TestContext): Promise<Array<{ url: string; body: string }>> {
  const product = await insertProduct(ctx.database.db, { name: 'Marine Drive Lamp Post' });
  const urls = ['/', '/no/such/page', `/product/${product.id}`];
  const answers = [];
  for (const url of urls) {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    answers.push({ url, body: res.body });
  }
  return answers;
}

describe('MAP_TILE_URL reaches the web app in its HTML', () => {
  it('unset: no map tags in any document, and img-src is this origin only', async () => {
    await appWith({}, async (ctx) => {
      for (const { url, body } of await documents(ctx)) {
        expect(body, url).not.toContain('map-tiles');
        expect(body, url).not.toContain('map-attribution');
      }
      const home = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(imgSrc(home.headers)).toEqual(["'self'", 'data:']);
    });
  });

  it('set: every document carries both tags at the end of <head>, outside the React root', async () => {
    const env = {
      MAP_TILE_URL: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png?key=a&v=2',
      MAP_TILE_ATTRIBUTION: '© Tiles "Example" & OpenStreetMap',
    };
    await appWith(env, async (ctx) => {
      const tags =
        '<meta name="map-tiles" content="https://{s}.tiles.example.in/{z}/{x}/{y}.png?key=a&amp;v=2">' +
        '<meta name="map-attribution" content="© Tiles &quot;Example&quot; &amp; OpenStreetMap">';
      for (const { url, body } of await documents(ctx)) {
        expect(body, url).toContain(`<title>AdSpace India</title>${tags}</head>`);
        expect(body.match(/name="map-tiles"/g), url).toHaveLength(1);
      }
      // The compressed forms are the same documents.
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/',
          headers: { 'accept-encoding': encoding },
        });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decode(res.rawPayload).toString()).toContain(tags);
      }
      // The CSP allows the tile server's subdomains and nothing more of it.
      expect(imgSrc((await ctx.app.inject({ method: 'GET', url: '/' })).headers)).toEqual([
        "'self'",
        'data:',
        'https://*.tiles.example.in',
      ]);
      expect(imgSrc((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers)).toContain(
        'https://*.tiles.example.in',
      );
    });
  });

  it('a path on this site needs no change to img-src; an http URL outside production adds its origin', async () => {
    await appWith({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }, async (ctx) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain('<meta name="map-tiles" content="/tiles/{z}/{x}/{y}.png"></head>');
      expect(res.body).not.toContain('map-attribution');
      expect(imgSrc(res.headers)).toEqual(["'self'", 'data:']);
    });
    await appWith({ MAP_TILE_URL: 'http://localhost:8080/{z}/{x}/{y}.png' }, async (ctx) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(imgSrc(res.headers)).toEqual(["'self'", 'data:', 'http://localhost:8080']);
    });
  });

  it('a hostile attribution is written as attribute text or refused at start', async () => {
    const rtl = "Tiles \u200f\"><img src=x onerror=alert(1)> 'x'";
    // Angle brackets are refused outright (below); quotes, ampersands and an RTL mark are text.
    await appWith(
      { MAP_TILE_URL: '/t/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles \u200f" onload="alert(1)\' &' },
      async (ctx) => {
        const res = await ctx.app.inject({ method: 'GET', url: '/' });
        expect(res.body).toContain(
          '<meta name="map-attribution" content="Tiles \u200f&quot; onload=&quot;alert(1)&#39; &amp;">',
        );
      },
    );
    expect(refusal({ MAP_TILE_URL: '/t/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: rtl })).toMatch(
      /^Setting MAP_TILE_ATTRIBUTION .*< or >/,
    );
    expect(
      refusal({ MAP_TILE_URL: '/t/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '<script>alert(1)</script>' }),
    ).toMatch(/^Setting MAP_TILE_ATTRIBUTION /);
    expect(refusal({ MAP_TILE_URL: '/t/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles\u0000' })).toMatch(
      /^Setting MAP_TILE_ATTRIBUTION .*control characters/,
    );
    expect(refusal({ MAP_TILE_URL: '/t/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x'.repeat(301) })).toMatch(
      /^Setting MAP_TILE_ATTRIBUTION .*300/,
    );
    expect(refusal({ MAP_TILE_ATTRIBUTION: '© Tiles' })).toMatch(
      /^Setting MAP_TILE_ATTRIBUTION needs MAP_TILE_URL/,
    );
  });
});

/** The one line the start stops with, or null when it starts. */
function refusal(env: Record<string, string>): string | null {
  try {
    testConfig(env);
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

describe('MAP_TILE_URL is checked at start', () => {
  it.each([
    ['no {z}', '/tiles/{x}/{y}.png', /\{z\}/],
    ['no {y}', 'https://tiles.example.in/{z}/{x}.png', /\{y\}/],
    ['javascript:', 'javascript:alert(1)//{z}/{x}/{y}', /path on this site .* https:\/\//],
    ['data:', 'data:image/png,{z}{x}{y}', /path on this site/],
    ['another host without a scheme', '//tiles.example.in/{z}/{x}/{y}.png', /not \/\/host/],
    ['a relative path', 'tiles/{z}/{x}/{y}.png', /path on this site/],
    ['a space', '/tiles/{z}/{x}/{y}.png onerror=x', /spaces/],
    ['a quote', '/tiles/{z}/{x}/{y}.png"><script>', /quotes/],
    ['a line break', '/tiles/{z}/{x}\n/{y}.png', /spaces/],
    ['100,000 characters', `/tiles/{z}/{x}/{y}.png?${'a'.repeat(100_000)}`, /at most 500 characters/],
    ['a placeholder Leaflet cannot fill', '/tiles/{z}/{x}/{y}.png?key={apikey}', /\{apikey\}/],
    ['a user in the URL', 'https://me@tiles.example.in/{z}/{x}/{y}.png', /https:\/\/ URL with a host name/],
  ])('refuses %s, naming the setting in one line', (_what, url, reason) => {
    const message = refusal({ MAP_TILE_URL: url });
    expect(message).toMatch(/^Setting MAP_TILE_URL /);
    expect(message).toMatch(reason);
    expect(message).not.toContain('\n');
  });

  it('takes plain http only outside production', () => {
    const url = 'http://tiles.internal:8080/{z}/{x}/{y}.png';
    expect(refusal({ MAP_TILE_URL: url })).toBeNull();
    const production = {
      NODE_ENV: 'production',
      ALLOW_CONSOLE_SMS: 'true',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SANDBOX_KEY_SECRET: 'a-secret-of-our-own',
    };
    expect(refusal({ ...production, MAP_TILE_URL: url })).toBe(
      'Setting MAP_TILE_URL must be https:// in production',
    );
    expect(refusal({ ...production, MAP_TILE_URL: 'https://tiles.example.in/{z}/{x}/{y}.png' })).toBeNull();
    expect(refusal({ ...production, MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toBeNull();
  });

  it('keeps a valid URL as given; unset or empty means the bundled basemap', () => {
    expect(testConfig({ MAP_TILE_URL: 'https://{s}.tile.example.in/{z}/{x}/{-y}{r}.png' }).mapTiles).toEqual({
      url: 'https://{s}.tile.example.in/{z}/{x}/{-y}{r}.png',
      attribution: '',
    });
    expect(testConfig({}).mapTiles).toBeUndefined();
    expect(testConfig({ MAP_TILE_URL: '' }).mapTiles).toBeUndefined();
  });
});
