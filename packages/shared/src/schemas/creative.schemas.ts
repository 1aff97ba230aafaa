import { z } from 'zod';
import { creativeSchema, creativeStatusSchema, orderLineStatusSchema } from './order-detail.schemas.ts';
import { safeText } from './text.schemas.ts';

/*
 * Creatives (docs/product-rules.md sections 9 and 13): the buyer's upload answers the line's creative; the media
 * owner reviews the creatives of lines on its own sites.
 */

export const creativeUploadParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  lineId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const creativeResponseSchema = z.object({ data: creativeSchema });

/** GET /api/creatives/{id}/file: `download=1` serves the file as an attachment (the print file). */
export const creativeFileQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });

export const lineIdParamSchema = z.object({
  lineId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const creativeRejectBodySchema = z.object({
  reason: safeText({ label: 'Reason', max: 500, required: true }),
});
export type CreativeRejectBody = z.infer<typeof creativeRejectBodySchema>;

export const partnerCreativesQuerySchema = z.object({
  /** Which creatives: waiting for review (the default), approved, rejected or all. */
  status: z.enum(['submitted', 'approved', 'rejected', 'all']).default('submitted'),
});
export type PartnerCreativesQuery = z.infer<typeof partnerCreativesQuerySchema>;

export const partnerCreativeLineSchema = z.object({
  line_id: z.number().int(),
  order_id: z.number().int(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    width_ft: z.number().nullable(),
    height_ft: z.number().nullable(),
  }),
  campaign_name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  line_status: orderLineStatusSchema,
  creative_due_date: z.string(),
  creative: creativeSchema,
});
export type PartnerCreativeLine = z.infer<typeof partnerCreativeLineSchema>;

export const partnerCreativesResponseSchema = z.object({
  data: z.array(partnerCreativeLineSchema),
  status: z.union([creativeStatusSchema, z.literal('all')]),
});
export type PartnerCreativesResponse = z.infer<typeof partnerCreativesResponseSchema>;
