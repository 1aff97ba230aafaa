import { z } from 'zod';
import { datesTogether, nearNeedsRadius, productQuerySchema } from './product.schemas.ts';

/** Largest zoom level a clusters call takes (the web map's maximum is lower). */
export const CLUSTER_MAX_ZOOM = 22;
/** A cell's side in screen pixels at the asked zoom: about one cluster marker and its margin. */
export const CLUSTER_CELL_PIXELS = 64;

/**
 * Query of GET /product/clusters: the list's filters (search, category, dates, ...) without paging, the
 * view box and the map's zoom level. With available_from/available_to every site matching the other
 * filters is counted, split by how free it is on those dates (the map's colours); `free` is what the list
 * with the same dates counts.
 */
export const productClustersQuerySchema = productQuerySchema
  .omit({ page: true, page_size: true, ordering: true, flexible: true })
  .extend({ zoom: z.coerce.number().int().min(0).max(CLUSTER_MAX_ZOOM).default(5) });
export const productClustersQueryCheckedSchema = productClustersQuerySchema.superRefine((q, ctx) => {
  nearNeedsRadius(q, ctx);
  datesTogether(q, ctx);
});
export type ProductClustersQuery = z.infer<typeof productClustersQuerySchema>;

/**
 * How free a site is on the asked dates: every day with its minimum booking fitting (as the list's free for
 * my dates), some days (or free but shorter than its minimum booking), or none.
 */
export const siteAvailabilitySchema = z.enum(['free', 'partly', 'booked']);
export type SiteAvailability = z.infer<typeof siteAvailabilitySchema>;

export const productClusterSchema = z.object({
  /** The mean position of its sites. */
  latitude: z.number(),
  longitude: z.number(),
  /** Sites in the cell (at least 2). */
  count: z.number().int(),
  /** With dates: how many of them are free on every day, on some, on none. */
  free: z.number().int().optional(),
  partly: z.number().int().optional(),
  booked: z.number().int().optional(),
});
export type ProductCluster = z.infer<typeof productClusterSchema>;

/** A site alone in its cell, drawn as a marker. */
export const clusterSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  category: z.string(),
  /** Daily price in rupees. */
  price: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  availability: siteAvailabilitySchema.optional(),
});
export type ClusterSite = z.infer<typeof clusterSiteSchema>;

/** `count` is every matching site in the box: the clusters' counts plus the single sites. */
export const productClustersResponseSchema = z.object({
  count: z.number().int(),
  clusters: z.array(productClusterSchema),
  sites: z.array(clusterSiteSchema),
});
export type ProductClustersResponse = z.infer<typeof productClustersResponseSchema>;
