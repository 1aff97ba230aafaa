import { z } from 'zod';
import { SUPPLY_GST_BP } from '../tax/tax-rates.ts';
import { audienceSchema } from './audience.schemas.ts';
import { campaignFiguresSchema } from './campaign.schemas.ts';
import { MAX_DB_ID } from './common.schemas.ts';

/*
 * Media plans (docs/product-rules.md section 12): a campaign, a customized campaign or an order as a list of sites
 * with their specifications, dates and prices, exported (PPTX, XLSX, PDF) or shared read-only through
 * /plan/{token}. Amounts are rupees; dates YYYY-MM-DD (to_date exclusive).
 */

/** GST shown on a plan is an estimate at this rate (the invoice computes the real split). */
export const PLAN_GST_RATE = SUPPLY_GST_BP / 10_000;
/** A share link lives this many days. */
export const PLAN_SHARE_DAYS = 30;
/** 32 random bytes in base64url, without padding. */
export const PLAN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const planKindSchema = z.enum(['campaign', 'customized', 'order']);
export type PlanKind = z.infer<typeof planKindSchema>;

export const planSiteSchema = z.object({
  id: z.number().int(),
  /** The site code ("Lamp Post ID"). */
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  category: z.string(),
  width_ft: z.number().nullable(),
  height_ft: z.number().nullable(),
  lighting: z.string().nullable(),
  /** Daily impressions (the site's `impression`); shown only with `audience`'s source. */
  impressions: z.number().nullable(),
  /** The daily impressions with their source, month, method and verified mark (decision 080); null without. */
  audience: audienceSchema.nullable(),
  /** Daily impressions x the line's days; null without a figure. */
  line_impressions: z.number().int().nullable(),
  /** The line's price before GST over its impressions x 1,000, rupees; null without a figure. */
  cpm: z.number().nullable(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  days: z.number().int(),
  daily_price: z.number(),
  line_price: z.number(),
  /** A public image URL (a site photo's display copy or a drawn demo image), or null. */
  photo: z.string().nullable(),
});
export type PlanSite = z.infer<typeof planSiteSchema>;

export const planSchema = z.object({
  kind: planKindSchema,
  title: z.string(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  site_count: z.number().int(),
  sites: z.array(planSiteSchema),
  subtotal: z.number(),
  /** Rate of the GST estimate (0.18). */
  gst_rate: z.number(),
  /** An estimate, labelled as such everywhere it is shown. */
  gst_estimate: z.number(),
  total: z.number(),
  /** The plan's impressions, CPM and reach/frequency estimates (docs/audience-model.md), as the pages show them. */
  figures: campaignFiguresSchema,
  generated_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** What a share link shows: the plan and when the link expires. */
export const sharedPlanResponseSchema = z.object({ plan: planSchema, expires_at: z.string() });
export type SharedPlanResponse = z.infer<typeof sharedPlanResponseSchema>;

const id = z.number().int().positive().max(MAX_DB_ID);

/** POST /api/plans/share: exactly one of a campaign (standard or the caller's customized) or an order. */
export const createPlanShareBodySchema = z
  .object({ campaign_id: id.optional(), order_id: id.optional() })
  .strict()
  .refine((b) => (b.campaign_id === undefined) !== (b.order_id === undefined), {
    message: 'Give either campaign_id or order_id.',
    path: ['campaign_id'],
  });
export type CreatePlanShareBody = z.infer<typeof createPlanShareBodySchema>;

export const planShareCreatedSchema = z.object({
  token: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
export type PlanShareCreated = z.infer<typeof planShareCreatedSchema>;

export const planShareTokenParamsSchema = z.object({ token: z.string().max(200) });

export const planShareSummarySchema = z.object({
  id: z.number().int(),
  kind: planKindSchema,
  title: z.string(),
  site_count: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export const planSharesResponseSchema = z.object({ data: z.array(planShareSummarySchema) });
export type PlanShareSummary = z.infer<typeof planShareSummarySchema>;

/** GET /api/plans/{ref}.{format}: ref is a campaign id, or order-{id} for an order. */
export const planFileParamsSchema = z.object({ file: z.string().max(64) });
export const PLAN_FILE_PATTERN = /^(order-)?([1-9][0-9]{0,9})\.(pptx|xlsx|pdf)$/;
export type PlanFormat = 'pptx' | 'xlsx' | 'pdf';
