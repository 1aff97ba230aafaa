import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { notFound } from '../../lib/errors.ts';
import { robotsTxt, SITEMAP_MAX_PARTS, sitemapFiles } from './sitemap.service.ts';

const sitemapQuerySchema = z.object({
  part: z.coerce.number().int().min(1).max(SITEMAP_MAX_PARTS).optional(),
});

/** Search engines may keep them an hour; the sitemap follows the catalogue's changes after that. */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /sitemap.xml (and its parts past 50,000 URLs) and GET /robots.txt, outside /api. */
export async function sitemapRoutes(app: AppInstance): Promise<void> {
  const base = app.deps.config.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(base)),
  );
  // Past 50,000 URLs sitemap.xml is an index of its parts, `/sitemap.xml?part=1` ... (part 1 is also the whole
  // sitemap while it fits in one file).
  app.get(
    '/sitemap.xml',
    { schema: { hide: true, querystring: sitemapQuerySchema } },
    async (request, reply) => {
      const { part } = request.query;
      const body = (await sitemapFiles(app.deps.database.db, app.catalogueCache, base)).get(part ?? 0);
      if (body === undefined) throw notFound('Sitemap part');
      return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);
    },
  );
}
