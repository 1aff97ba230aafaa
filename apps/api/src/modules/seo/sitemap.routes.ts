import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { notFound } from '../../lib/errors.ts';
import { robotsTxt, SITEMAP_MAX_PARTS, sitemapFiles } from './sitemap.service.ts';

/** Search engines may keep them an hour; the sitemap follows the catalogue's changes after that. */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /sitemap.xml (and its parts past 50,000 URLs) and GET /robots.txt, outside /api. */
export async function sitemapRoutes(app: AppInstance): Promise<void> {
  const base = app.deps.config.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(base)),
  );
  const send = async (file: string, reply: FastifyReply) => {
    const body = (await sitemapFiles(app.deps.database.db, app.catalogueCache, base)).get(file);
    if (body === undefined) throw notFound('Sitemap');
    return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);
  };
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => send('sitemap.xml', reply));
  // Parts exist only past 50,000 URLs (sitemap.xml is then their index): fixed paths, up to a million URLs.
  for (let part = 1; part <= SITEMAP_MAX_PARTS; part++) {
    app.get(`/sitemap-${part}.xml`, { schema: { hide: true } }, async (_request, reply) =>
      send(`sitemap-${part}.xml`, reply),
    );
  }
}
