import { cityPagePath, escapeHtml } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { findLiveSiteDates } from './seo.repository.ts';
import { cityGroups, formatsOf } from './seo.service.ts';

/** The sitemap protocol's limit of URLs per file (sitemaps.org); beyond it sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Parts served (?part=1 ... ?part=20): a million URLs; a bigger catalogue lists its first million. */
export const SITEMAP_MAX_PARTS = 20;

/** Public pages anyone may open, as the router names them. */
const STATIC_PAGES = [
  '/',
  '/products',
  '/customize',
  '/campaigns',
  '/terms-and-conditions',
  '/privacy-policy',
];

interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Every page worth finding: the static pages, each city and city/format page, each live site. */
async function sitemapUrls(db: Db, cache: CatalogueCache): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = STATIC_PAGES.map((path) => ({ path }));
  for (const group of await cityGroups(db, cache)) {
    const latest = (ids?: number[]) =>
      new Date(
        Math.max(
          ...group.facts.filter((f) => !ids || ids.includes(f.categoryId)).map((f) => f.updatedAt.getTime()),
        ),
      );
    urls.push({ path: cityPagePath(group.slug), lastmod: latest() });
    for (const format of formatsOf(group)) {
      urls.push({ path: cityPagePath(group.slug, format.slug), lastmod: latest(format.ids) });
    }
  }
  for (const site of await findLiveSiteDates(db)) {
    urls.push({ path: `/product/${site.id}`, lastmod: site.updatedAt });
  }
  return urls;
}

function urlset(base: string, urls: SitemapUrl[]): string {
  const entries = urls.map(
    (u) =>
      `<url><loc>${escapeHtml(base + u.path)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap's files by part: 0 is `sitemap.xml` itself, the whole sitemap or, past `perFile` URLs, an index
 * of the parts 1, 2, ... (`sitemap.xml?part=N`); part 1 of a sitemap that fits in one file is that file. Kept
 * until products or categories change.
 */
export function sitemapFiles(
  db: Db,
  cache: CatalogueCache,
  base: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<Map<number, string>> {
  return cache.productFact(`seo:sitemap:${base}:${perFile}`, async () => {
    const urls = await sitemapUrls(db, cache);
    const files = new Map<number, string>();
    if (urls.length <= perFile) {
      files.set(0, urlset(base, urls));
      files.set(1, files.get(0) as string);
      return files;
    }
    const parts: string[] = [];
    for (let i = 0; i < Math.min(urls.length, perFile * SITEMAP_MAX_PARTS); i += perFile) {
      const chunk = urls.slice(i, i + perFile);
      const part = parts.length + 1;
      files.set(part, urlset(base, chunk));
      const newest = chunk.reduce((t, u) => Math.max(t, u.lastmod?.getTime() ?? 0), 0);
      parts.push(
        `<sitemap><loc>${escapeHtml(`${base}/sitemap.xml?part=${part}`)}</loc>${newest ? `<lastmod>${day(new Date(newest))}</lastmod>` : ''}</sitemap>`,
      );
    }
    files.set(
      0,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('\n')}\n</sitemapindex>\n`,
    );
    return files;
  });
}

/** Areas of signed-in people, carts and plan links: nothing for a search engine. */
const DISALLOWED = ['/partner', '/ops', '/my-orders', '/cart', '/user-details', '/plan/', '/api/'];

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
