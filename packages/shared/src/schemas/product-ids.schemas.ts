import { z } from 'zod';
import { datesTogether, nearNeedsRadius, productQuerySchema } from './product.schemas.ts';

/** At most this many ids come back: far more than a campaign can hold (AVAILABILITY_MAX_ENTRIES). */
export const PRODUCT_IDS_MAX = 1000;

/** Query of GET /product/ids: the filters and search of GET /product/, without paging. */
export const productIdsQuerySchema = productQuerySchema.omit({ page: true, page_size: true, ordering: true });
/** As validated: near and radius_km go together, and so do the dates. */
export const productIdsQueryCheckedSchema = productIdsQuerySchema.superRefine((q, ctx) => {
  nearNeedsRadius(q, ctx);
  datesTogether(q, ctx);
});
export type ProductIdsQuery = z.infer<typeof productIdsQuerySchema>;

/**
 * Every product matching the filters, across all pages (for "Select all products", docs/product-rules.md section 3a):
 * `count` matches, `ids` in id order, all of them when count <= PRODUCT_IDS_MAX.
 */
export const productIdsResponseSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
});
export type ProductIdsResponse = z.infer<typeof productIdsResponseSchema>;
