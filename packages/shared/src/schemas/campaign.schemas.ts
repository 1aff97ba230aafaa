import { z } from 'zod';
import { CAMPAIGN_TYPES } from '../constants.ts';
import { isoDateSchema, pagedSchema } from './common.schemas.ts';
import { bookingDurationSchema } from './product.schemas.ts';

export const campaignTypeSchema = z.enum(CAMPAIGN_TYPES);
export type CampaignType = z.infer<typeof campaignTypeSchema>;

/** The product snapshot a campaign entry carries (SPEC section 3). */
export const campaignProductSnapshotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  unavailable_dates: z.array(z.string()),
  booking_duration: bookingDurationSchema,
  images: z.array(z.string()),
});

export const campaignProductEntrySchema = z.object({
  from_date: isoDateSchema.nullable(),
  to_date: isoDateSchema.nullable(),
  product: campaignProductSnapshotSchema,
  /** Price of this entry in rupees: daily price x days, or x booking duration without dates. */
  price: z.number().optional(),
});
export type CampaignProductEntry = z.infer<typeof campaignProductEntrySchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  type: campaignTypeSchema,
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  total_locations: z.number().int(),
  impressions: z.number().int(),
  /** Total price in rupees. */
  price: z.number(),
  products: z.array(campaignProductEntrySchema),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListResponseSchema = pagedSchema(campaignSchema);
export const campaignQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
});
export const campaignTypeQuerySchema = z.object({ campaign_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const campaignTypeResponseSchema = z.object({ data: campaignTypeSchema });
