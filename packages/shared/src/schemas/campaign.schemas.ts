import { z } from 'zod';
import { CAMPAIGN_TYPES } from '../constants.ts';
import { AUDIENCE_SOURCES } from '../rules/audience-sources.ts';
import { audienceSchema } from './audience.schemas.ts';
import {
  isoDateSchema,
  MAX_DB_ID,
  pagedSchema,
  pagingQuerySchema,
  queryTextSchema,
} from './common.schemas.ts';
import { priceLineSchema } from './pricing.schemas.ts';
import { bookingDurationSchema } from './product.schemas.ts';

export const campaignTypeSchema = z.enum(CAMPAIGN_TYPES);
export type CampaignType = z.infer<typeof campaignTypeSchema>;

/** The product snapshot a campaign entry carries (docs/product-spec.md section 3). */
export const campaignProductSnapshotSchema = z.object({
  id: z.number().int(),
  /**
   * The site's code, as Product's `product_id` (names repeat; codes tell sites apart). Absent in carts kept
   * in a browser before codes were carried.
   */
  product_id: z.string().nullish(),
  name: z.string(),
  /** Daily price in rupees. */
  price: z.number(),
  unavailable_dates: z.array(z.string()),
  booking_duration: bookingDurationSchema,
  images: z.array(z.string()),
  /** The site's size as the catalogue states it ("40 x 20 ft"); absent or null when unknown. */
  image_size: z.string().nullish(),
  /** The site's coordinates; absent or null when unknown (nothing is drawn then). */
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  /**
   * The site's format (category name), city and audience, which the plan figures read (decision 080);
   * absent in carts kept before them, and such a line counts in no figure.
   */
  category: z.string().nullish(),
  city: z.string().nullish(),
  audience: audienceSchema.nullish(),
});
export type CampaignProductSnapshot = z.infer<typeof campaignProductSnapshotSchema>;

export const campaignProductEntrySchema = z.object({
  from_date: isoDateSchema.nullable(),
  to_date: isoDateSchema.nullable(),
  product: campaignProductSnapshotSchema,
  /** Price of this entry in rupees: daily price x days, or x booking duration without dates. */
  price: z.number().optional(),
  /**
   * The server's price of this entry for exactly these dates (POST /booking/validate: rate card, seasons,
   * volume discount), kept by the cart; it counts only while the dates are the quoted ones.
   */
  quote: z
    .object({
      from_date: isoDateSchema,
      to_date: isoDateSchema,
      price: z.number(),
      /** How the server reached `price` (decision 081), shown under the line in the cart and at checkout. */
      lines: z.array(priceLineSchema).optional(),
    })
    .optional(),
});
export type CampaignProductEntry = z.infer<typeof campaignProductEntrySchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  type: campaignTypeSchema,
  name: z.string(),
  description: z.string(),
  /** The campaign's own images, or the first image of each product when it has none. */
  images: z.array(z.string()),
  /** Number of products. */
  total_locations: z.number().int(),
  /** Sum of the products' daily impressions; shown only with `audience_sources` (decision 080). */
  impressions: z.number().int(),
  /** Where those daily impressions come from: the distinct sources of its sites' figures, in AUDIENCE_SOURCES order. */
  audience_sources: z.array(z.enum(AUDIENCE_SOURCES)),
  /** Total price in rupees: the sum of the entry prices. */
  price: z.number(),
  /** Sorted by product id. */
  products: z.array(campaignProductEntrySchema),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListResponseSchema = pagedSchema(campaignSchema);
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;
/** Query of GET /campaign: standard campaigns, `search` on name and description, paging. */
export const campaignQuerySchema = pagingQuerySchema.extend({
  search: queryTextSchema(200, 'Search').optional(),
});
export type CampaignQuery = z.infer<typeof campaignQuerySchema>;
export const campaignTypeQuerySchema = z.object({
  campaign_id: z.coerce.number().int().positive().max(MAX_DB_ID),
});
export const campaignTypeResponseSchema = z.object({ data: campaignTypeSchema });

/** GET /api/campaigns/{id}/figures (decision 080): the plan's figures; reach and frequency are estimates. */
export const campaignFiguresSchema = z.object({
  /** Daily impressions x days per line, over the lines with a figure. */
  impressions: z.number().int(),
  /** Rupees per thousand impressions (cost before GST), rounded half up to the paisa; null without impressions. */
  cpm: z.number().nullable(),
  /** People reached, an estimate of the model in docs/audience-model.md, to the nearest hundred. */
  reach_estimate: z.number().int(),
  /** Average times each person reached sees the plan, an estimate, one decimal; null without reach. */
  frequency_estimate: z.number().nullable(),
  /** How each figure is had, in words. */
  method: z.string(),
  /** Cost before GST of the counted lines, in rupees. */
  cost: z.number(),
  /** Lines of the plan, and how many of them carry an audience figure (only those count above). */
  lines: z.number().int(),
  lines_counted: z.number().int(),
  /** An order's lines booked before their figure was kept (decision 091): counted in none of the above. */
  lines_not_recorded: z.number().int().optional(),
  /** The sources of the counted lines' figures. */
  sources: z.array(z.enum(AUDIENCE_SOURCES)),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;
export const campaignFiguresResponseSchema = z.object({ data: campaignFiguresSchema });
