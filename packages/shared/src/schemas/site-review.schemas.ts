import { z } from 'zod';
import { MAX_DB_ID, pagingQuerySchema, queryTextSchema } from './common.schemas.ts';
import { partnerSiteSchema, SITE_STATUSES } from './site.schemas.ts';

/**
 * Sites as the operator reviews them (docs/product-rules.md sections 8 and 13) and the photo calls of the owner's
 * console. The owner's site shape is partnerSiteSchema; the operator sees the same with the owner's name.
 */

/**
 * GET /api/ops/sites: `status=pending` is the review queue (new sites submitted, and live or paused sites
 * with changes or photos waiting); any other status lists the sites of that status; none lists all.
 */
export const opsSitesQuerySchema = pagingQuerySchema.extend({
  status: z.enum(SITE_STATUSES).optional(),
  search: queryTextSchema(200, 'Search').optional(),
});

export const opsSiteSchema = partnerSiteSchema.extend({
  media_owner_name: z.string().nullable(),
});
export type OpsSite = z.infer<typeof opsSiteSchema>;
export const opsSiteResponseSchema = z.object({ data: opsSiteSchema });
export const opsSitePageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(opsSiteSchema),
});
export type OpsSitePage = z.infer<typeof opsSitePageSchema>;

/** /api/partner/sites/{id}/photos/{photoId}. */
export const sitePhotoParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_ID),
  photoId: z.coerce.number().int().positive().max(MAX_DB_ID),
});

/** GET /api/media/site-photos/{siteId}/{file}: a display copy, `{uuid}.webp`. */
export const sitePhotoFileParamsSchema = z.object({
  siteId: z.coerce.number().int().positive().max(MAX_DB_ID),
  file: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, 'Unknown photo'),
});
