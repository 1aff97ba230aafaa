import { cityDirectorySchema, cityPageSchema } from '@ooh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { products } from '../../db/schema.ts';
import { sitemapFiles } from './sitemap.service.ts';

let ctx: TestContext;
let paused: number;
let mumbaiLamp: number;

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://ads.example.in/' } });
  const db = ctx.database.db;
  const cat = await insertCategories(db);
  // Each listing's real last change: the sitemap's lastmod reads it (issue 45: every lastmod was today).
  mumbaiLamp = (
    await insertProduct(db, {
      name: 'Marine Drive Lamp Post',
      pricePaise: 120_000,
      updatedAt: new Date('2026-03-14T09:00:00Z'),
    })
  ).id;
  await insertProduct(db, {
    name: 'Worli Hoarding',
    city: 'mumbai ',
    categoryId: cat.Hoarding,
    pricePaise: 900_000,
    updatedAt: new Date('2026-04-01T09:00:00Z'),
  });
  await insertProduct(db, {
    name: 'Bandra Hoarding',
    categoryId: cat.Hoarding,
    pricePaise: 500_000,
    updatedAt: new Date('2026-05-02T09:00:00Z'),
  });
  await insertProduct(db, {
    name: 'Koramangala Screen',
    city: 'Bengaluru',
    state: 'Karnataka',
    categoryId: cat['Digital Billboard'],
    latitude: 12.93,
    longitude: 77.62,
  });
  paused = (await insertProduct(db, { name: 'Paused Pune Post', city: 'Pune', status: 'paused' })).id;
  await insertProduct(db, { name: 'Draft Mumbai Post', status: 'draft' });
});

afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/outdoor-advertising', () => {
  it('lists the cities with live sites by slug, most sites first, with their formats', async () => {
    const res = await get('/api/outdoor-advertising');
    expect(res.statusCode).toBe(200);
    const { cities } = cityDirectorySchema.parse(res.json());
    expect(cities.map((c) => [c.slug, c.name, c.count])).toEqual([
      ['mumbai', 'Mumbai', 3],
      ['bengaluru', 'Bengaluru', 1],
    ]);
    expect(cities[0].formats).toEqual([
      { slug: 'hoardings', name: 'Hoarding', count: 2 },
      { slug: 'lamp-posts', name: 'Lamp Post', count: 1 },
    ]);
    expect(cities[1].latitude).toBeCloseTo(12.93);
  });
});

describe('GET /api/outdoor-advertising/{city}[/{format}]', () => {
  it("answers a city's live sites with counts, prices and its absolute address", async () => {
    const res = await get('/api/outdoor-advertising/mumbai');
    expect(res.statusCode).toBe(200);
    const page = cityPageSchema.parse(res.json());
    expect(page).toMatchObject({
      city: { slug: 'mumbai', name: 'Mumbai', state: 'Maharashtra' },
      format: null,
      url: 'https://ads.example.in/outdoor-advertising/mumbai',
      count: 3,
      price_min: 1200,
      price_max: 9000,
    });
    expect(page.sites.map((s) => s.name).sort()).toEqual([
      'Bandra Hoarding',
      'Marine Drive Lamp Post',
      'Worli Hoarding',
    ]);
  });

  it('answers one format of a city', async () => {
    const res = await get('/api/outdoor-advertising/mumbai/hoardings');
    expect(res.statusCode).toBe(200);
    const page = cityPageSchema.parse(res.json());
    expect(page.format).toEqual({ slug: 'hoardings', name: 'Hoarding' });
    expect(page.count).toBe(2);
    expect(page.sites.map((s) => s.name).sort()).toEqual(['Bandra Hoarding', 'Worli Hoarding']);
    expect(page.formats.map((f) => f.slug)).toEqual(['hoardings', 'lamp-posts']);
  });

  it('answers 404 for a city or format without live sites, and for hostile slugs', async () => {
    for (const url of [
      '/api/outdoor-advertising/pune', // only a paused site
      '/api/outdoor-advertising/atlantis',
      '/api/outdoor-advertising/mumbai/bridges',
      '/api/outdoor-advertising/bengaluru/hoardings',
      '/api/outdoor-advertising/mum%00bai',
      '/api/outdoor-advertising/%E2%80%AEiabmum',
      '/api/outdoor-advertising/..%2f..%2fetc%2fpasswd',
      '/api/outdoor-advertising/Mumbai',
      `/api/outdoor-advertising/mumbai/${'%E2%80%8F'.repeat(5)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url.slice(0, 80)).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // Longer than any slug can be: Fastify's router refuses the parameter (the page itself answers 404).
    const long = await get(`/api/outdoor-advertising/${'a'.repeat(100_000)}`);
    expect(long.statusCode).toBe(414);
  });

  it('drops a site that is paused', async () => {
    await ctx.database.db.update(products).set({ status: 'paused' }).where(eq(products.id, mumbaiLamp));
    ctx.app.catalogueCache.invalidate('products');
    const page = cityPageSchema.parse((await get('/api/outdoor-advertising/mumbai')).json());
    expect(page.count).toBe(2);
    expect((await get('/api/outdoor-advertising/mumbai/lamp-posts')).statusCode).toBe(404);
    await ctx.database.db.update(products).set({ status: 'live' }).where(eq(products.id, mumbaiLamp));
    ctx.app.catalogueCache.invalidate('products');
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists the static pages, every city and city/format page and every live site, with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://ads.example.in/');
    expect(locs).toContain('https://ads.example.in/products');
    expect(locs).toContain('https://ads.example.in/outdoor-advertising/mumbai');
    expect(locs).toContain('https://ads.example.in/outdoor-advertising/mumbai/hoardings');
    expect(locs).toContain('https://ads.example.in/outdoor-advertising/bengaluru/digital-billboards');
    expect(locs).toContain(`https://ads.example.in/product/${mumbaiLamp}`);
    expect(locs.filter((l) => l.includes('/product/'))).toHaveLength(4);
    expect(locs).not.toContain(`https://ads.example.in/product/${paused}`);
    expect(locs.some((l) => l.includes('/pune'))).toBe(false);
    // Each page's own last change, not today for all: the site's, and for a city or format page its newest site's.
    expect(xml).toContain(`/product/${mumbaiLamp}</loc><lastmod>2026-03-14</lastmod>`);
    expect(xml).toContain('/outdoor-advertising/mumbai/hoardings</loc><lastmod>2026-05-02</lastmod>');
    expect(xml).toContain('/outdoor-advertising/mumbai/lamp-posts</loc><lastmod>2026-03-14</lastmod>');
    // Well-formed: every url element closed, nothing unescaped.
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    // Part 1 of a sitemap in one file is that file; there is no part 2; a part is a number.
    expect((await get('/sitemap.xml?part=1')).body).toBe(xml);
    expect((await get('/sitemap.xml?part=2')).statusCode).toBe(404);
    expect((await get('/sitemap.xml?part=x')).statusCode).toBe(400);
  });

  it('splits past the limit per file into parts listed by a sitemap index', async () => {
    const files = await sitemapFiles(ctx.database.db, ctx.app.catalogueCache, 'https://ads.example.in', 5);
    // 6 static pages, 2 cities with 3 format pages, 4 live sites: 15 URLs in 3 files of at most 5.
    expect([...files.keys()].sort()).toEqual([0, 1, 2, 3]);
    const index = files.get(0) ?? '';
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain('<sitemap><loc>https://ads.example.in/sitemap.xml?part=3</loc><lastmod>');
    const all = [1, 2, 3].flatMap((n) => [...(files.get(n) ?? '').matchAll(/<loc>/g)]);
    expect(all).toHaveLength(15);
  });

  it('lets robots read the public pages, not the private areas, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /partner',
        'Disallow: /ops',
        'Disallow: /my-orders',
        'Disallow: /cart',
        'Disallow: /user-details',
        'Disallow: /plan/',
        'Disallow: /api/',
        '',
        'Sitemap: https://ads.example.in/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
