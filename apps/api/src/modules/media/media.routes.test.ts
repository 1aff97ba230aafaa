import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

describe('GET /media', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('draws a site picture from its URL, cacheable for a year, with the city on the sign', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/sites/lamp-post/mumbai/1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('>MUMBAI</text>');
    expect(Buffer.byteLength(res.body)).toBeLessThan(8192);

    const again = await ctx.app.inject({ method: 'GET', url: '/media/sites/lamp-post/mumbai/1.svg' });
    expect(again.body).toBe(res.body);
    expect(again.headers.etag).toBe(res.headers.etag);
  });

  it('serves the same picture as a WebP of the drawing, which is what the seeded catalogue links to', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/sites/hoarding/mumbai/12.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ width: 800, height: 600, format: 'webp' });

    // Asked twice at once, drawn once: both answers are the same bytes under the same tag.
    const [a, b] = await Promise.all(
      ['/media/sites/bridge/pune/3.webp', '/media/sites/bridge/pune/3.webp'].map((url) =>
        ctx.app.inject({ method: 'GET', url }),
      ),
    );
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(a.headers.etag).toBe(b.headers.etag);
    const held = await ctx.app.inject({
      method: 'GET',
      url: '/media/sites/bridge/pune/3.webp',
      headers: { 'if-none-match': String(a.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
  });

  it('draws a bounded number of pictures at once and answers the rest with their drawing, not kept', async () => {
    const urls = Array.from({ length: 24 }, (_, i) => `/media/sites/retail/chennai/${500 + i}.webp`);
    const answers = await Promise.all(urls.map((url) => ctx.app.inject({ method: 'GET', url })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      if (res.headers['content-type'] === 'image/webp') {
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      } else {
        expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body.startsWith('<svg')).toBe(true);
      }
    }
    const drawn = answers.filter((r) => r.headers['content-type'] === 'image/webp').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(8);
    // Once drawing is over, each of them is a WebP.
    const again = await ctx.app.inject({ method: 'GET', url: urls[23] });
    expect(again.headers['content-type']).toBe('image/webp');
  });

  it('answers 304 when the browser already holds the same picture', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/media/sites/hoarding/delhi/42.svg' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/media/sites/hoarding/delhi/42.svg',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('gives different variants different pictures', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: '/media/sites/transit/chennai/40.svg' });
    const b = await ctx.app.inject({ method: 'GET', url: '/media/sites/transit/chennai/41.svg' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).not.toBe(b.body);
  });

  it('serves the fallback picture for products without images', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/placeholder.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('Your Ad Here');
  });

  it('answers HEAD without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/media/sites/retail/pune/9.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it.each([
    '/media/sites/lamp-post/atlantis/1.svg',
    '/media/sites/spaceship/mumbai/1.svg',
    '/media/sites/lamp-post/mumbai/0.svg',
    '/media/sites/lamp-post/mumbai/007.svg',
    '/media/sites/lamp-post/mumbai/abc.svg',
    '/media/sites/lamp-post/mumbai/1.png',
    '/media/sites/lamp-post/atlantis/1.webp',
    '/media/sites/lamp-post/mumbai/0.webp',
    '/media/sites/lamp-post/mumbai/1000000.webp',
    '/media/sites/lamp-post/mumbai/1.webp.svg',
    '/media/sites/lamp-post/mumbai/1.svg.webp',
    '/media/sites/lamp-post/mumbai/1000000.svg',
    '/media/sites/lamp-post/mumbai/1.svg/extra',
    '/media/sites/lamp-post/mumbai',
    '/media/sites/..%2f..%2fetc/passwd/1.svg',
    '/media/nothing.svg',
    '/media/',
    '/api/media/sites/lamp-post/mumbai/1.svg',
  ])('answers %s with a JSON 404', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
