import { z } from 'zod';
import { AVAILABILITY_MAX_ENTRIES } from '../constants.ts';
import { campaignSchema } from './campaign.schemas.ts';
import { isoDateSchema, MAX_DB_ID } from './common.schemas.ts';
import { safeText } from './text.schemas.ts';

/** A campaign name as typed by the user; blank falls back to "Untitled Campaign" on the server. */
export const campaignNameSchema = safeText({ max: 200, label: 'Campaign name' });

const productIdSchema = z.number().int().positive().max(MAX_DB_ID);

/** One site of a new customized campaign: product_id is the numeric id; dates may come later. */
export const customizedCampaignProductSchema = z.object({
  product_id: productIdSchema,
  from_date: isoDateSchema.nullish(),
  to_date: isoDateSchema.nullish(),
});
export type CustomizedCampaignProduct = z.infer<typeof customizedCampaignProductSchema>;

/** Body of POST /create_customized_campaign/: at least one site (docs/product-spec.md section 5). */
export const createCustomizedCampaignBodySchema = z.object({
  name: campaignNameSchema.optional().default(''),
  products: z.array(customizedCampaignProductSchema).min(1).max(AVAILABILITY_MAX_ENTRIES),
});
export type CreateCustomizedCampaignBody = z.input<typeof createCustomizedCampaignBodySchema>;

/** One site of POST /save_campaign/: saving needs dates on every site. */
export const saveCampaignProductSchema = z.object({
  product_id: productIdSchema,
  from_date: isoDateSchema,
  to_date: isoDateSchema,
});

/** Body of POST /save_campaign/: the campaign (customized and the caller's, or standard) and dates per site. */
export const saveCampaignBodySchema = z.object({
  campaign_id: z.number().int().positive().max(MAX_DB_ID),
  name: campaignNameSchema.optional(),
  products: z.array(saveCampaignProductSchema).min(1).max(AVAILABILITY_MAX_ENTRIES),
});
export type SaveCampaignBody = z.infer<typeof saveCampaignBodySchema>;

/** Answer of create and save: the campaign under `data` (docs/product-spec.md section 7 reads data.data). */
export const campaignDataResponseSchema = z.object({ data: campaignSchema });
export type CampaignDataResponse = z.infer<typeof campaignDataResponseSchema>;

/** One entry of Saved Campaigns: the campaign, its total price and the span of its dates. */
export const savedCampaignSchema = z.object({
  id: z.number().int(),
  campaign_details: campaignSchema,
  /** Total price in rupees. */
  price: z.number(),
  /** Earliest start date of its sites. */
  from_date: isoDateSchema.nullable(),
  /** Latest end date of its sites. */
  to_date: isoDateSchema.nullable(),
});
export type SavedCampaign = z.infer<typeof savedCampaignSchema>;
export const savedCampaignsResponseSchema = z.object({ data: z.array(savedCampaignSchema) });
export type SavedCampaignsResponse = z.infer<typeof savedCampaignsResponseSchema>;
