import { z } from 'zod';
import { productSchema } from './product.schemas.ts';

const formatCountSchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });

/** GET /api/outdoor-advertising: every city with live sites, most sites first. */
export const cityDirectorySchema = z.object({
  cities: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      state: z.string(),
      count: z.number().int(),
      /** The mean position of its sites (for "nearby cities"), null when none has coordinates. */
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      formats: z.array(formatCountSchema),
    }),
  ),
});
export type CityDirectory = z.infer<typeof cityDirectorySchema>;
export type CityEntry = CityDirectory['cities'][number];

/** Path parameters of the city pages: any text; what is not a known slug answers 404 (never 400). */
export const cityPageParamsSchema = z.object({ city: z.string(), format: z.string().optional() });

/** GET /api/outdoor-advertising/{city}[/{format}]: the page's sites and facts. */
export const cityPageSchema = z.object({
  city: z.object({ slug: z.string(), name: z.string(), state: z.string() }),
  format: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** The page's absolute address (PUBLIC_URL), for its canonical link and structured data. */
  url: z.string(),
  /** Live sites on the page's subject; `sites` holds the first CITY_PAGE_SITES of them. */
  count: z.number().int(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  sites: z.array(productSchema),
  /** The city's formats (every format of the city, also on a format page). */
  formats: z.array(formatCountSchema),
  /** When a site listed here last changed (ISO), for Last-Modified and the sitemap. */
  updated_at: z.string().nullable(),
});
export type CityPage = z.infer<typeof cityPageSchema>;
