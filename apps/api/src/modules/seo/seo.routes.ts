import { cityDirectorySchema, cityPageParamsSchema, cityPageSchema, errorResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { cityDirectory, cityPage } from './seo.service.ts';

/**
 * The data of the city and format pages (docs/product-rules.md section 12): the web app renders /outdoor-advertising/...
 * with these answers, on the server (the web app's route loaders, apps/web/src/routes/city.tsx) and in the browser alike.
 */
export async function seoRoutes(app: AppInstance): Promise<void> {
  const cached = { catalogueCache: true };
  app.get(
    '/outdoor-advertising',
    {
      config: cached,
      schema: {
        tags: ['catalogue'],
        summary: 'Every city with live sites, with its formats',
        response: { 200: cityDirectorySchema },
      },
    },
    async () => cityDirectory(app.deps.database.db, app.catalogueCache),
  );

  const pageSchema = {
    tags: ['catalogue'],
    params: cityPageParamsSchema,
    response: { 200: cityPageSchema, 404: errorResponseSchema },
  };
  app.get(
    '/outdoor-advertising/:city',
    {
      config: cached,
      schema: {
        ...pageSchema,
        summary: "A city's page: its live sites (the first 24), counts, prices and formats",
        description: 'Unknown or malformed city slugs answer 404.',
      },
    },
    async (request) =>
      cityPage(
        app.deps.database.db,
        app.deps.clock,
        app.catalogueCache,
        app.deps.config.publicUrl,
        request.params.city,
      ),
  );
  app.get(
    '/outdoor-advertising/:city/:format',
    {
      config: cached,
      schema: {
        ...pageSchema,
        summary: "A city's page of one format (lamp-posts, hoardings, ...)",
        description: 'Unknown or malformed slugs answer 404.',
      },
    },
    async (request) =>
      cityPage(
        app.deps.database.db,
        app.deps.clock,
        app.catalogueCache,
        app.deps.config.publicUrl,
        request.params.city,
        request.params.format,
      ),
  );
}
