import { z } from 'zod';
import { AUDIENCE_SOURCES } from '../rules/audience-sources.ts';
import { safeText } from './text.schemas.ts';

/**
 * A site's audience as a media planner reads it (DESIGN section 20, decision 080): daily impressions are
 * never shown without where they come from. India has no single audience currency yet, so every figure
 * carries its source, the month it was measured, a short method note and whether an operator verified it.
 */

export const AUDIENCE_METHOD_MAX = 300;
export const AUDIENCE_IMPRESSIONS_MAX = 100_000_000;

/** A calendar month, "2026-03". */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const measuredMonthSchema = z
  .string()
  .trim()
  .regex(MONTH_PATTERN, 'Month measured is a month like 2026-03')
  .refine(
    (v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100,
    'Month measured is a month like 2026-03',
  );

/** The audience a product carries (GET /api/product/ and the owner's and operator's views of a site). */
export const audienceSchema = z.object({
  daily_impressions: z.number().int(),
  source: z.enum(AUDIENCE_SOURCES),
  /** The month the figure was measured or modelled, "2026-03", or null when the owner did not say. */
  measured_on: z.string().nullable(),
  /** A short note on how the figure was measured or modelled. */
  method: z.string(),
  /** An operator checked the figure against its evidence (the owner's change of it clears the mark). */
  verified: z.boolean(),
});
export type Audience = z.infer<typeof audienceSchema>;

/** The audience fields an owner types (site form, PATCH, bulk edit, one CSV row), next to `impression`. */
export const audienceFieldsShape = {
  audience_source: z
    .enum(AUDIENCE_SOURCES, { error: 'Choose a source: owner-declared, traffic count, survey or modelled' })
    .optional(),
  audience_measured_on: measuredMonthSchema.optional(),
  audience_method: safeText({ label: 'Method note', max: AUDIENCE_METHOD_MAX }).optional(),
};

/** POST /api/ops/sites/{id}/audience: the operator's verified mark. */
export const audienceVerifyBodySchema = z.object({ verified: z.boolean() });
