import { z } from 'zod';
import { MAX_BOOKING_SPAN_DAYS } from '../constants.ts';
import { daysBetween } from '../rules/dates.ts';
import { isoDateSchema, MAX_DB_ID } from './common.schemas.ts';
import { safeText } from './text.schemas.ts';

/** A site's rate card on the wire (rupees per day, decision 081): weekly from 7 days, four-weekly from 28. */
export const productRatesSchema = z.object({
  daily: z.number(),
  weekly: z.number().nullable(),
  four_weekly: z.number().nullable(),
});
export type ProductRates = z.infer<typeof productRatesSchema>;

const rangeCheck = (v: { from_date: string; to_date: string }, ctx: z.RefinementCtx, most: number) => {
  const days = daysBetween(v.from_date, v.to_date);
  if (days < 1) {
    ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'to_date must be after from_date' });
  } else if (days > most) {
    ctx.addIssue({ code: 'custom', path: ['to_date'], message: `The range is at most ${most} days` });
  }
};

/** GET /api/product/{id}/price: the range `[from_date, to_date)`, to_date exclusive as everywhere. */
export const priceQuerySchema = z
  .object({ from_date: isoDateSchema, to_date: isoDateSchema })
  .superRefine((v, ctx) => rangeCheck(v, ctx, MAX_BOOKING_SPAN_DAYS));
export type PriceQuery = z.infer<typeof priceQuerySchema>;

export const priceLineSchema = z.object({
  kind: z.enum(['base', 'seasonal', 'volume', 'package']),
  /** What this part is: "Weekly rate", "Diwali +20 %", "Festive +20 % × Wedding -10 %". */
  label: z.string(),
  days: z.number().int(),
  /** Per-day rate of the base line, rupees; null for an adjustment. */
  rate: z.number().nullable(),
  /** The adjustment in percent (negative: down), overlapping rules already multiplied; null for the base. */
  percent: z.number().nullable(),
  /** Signed, rupees. */
  amount: z.number(),
  rule_ids: z.array(z.number().int()),
});
export type PriceLineWire = z.infer<typeof priceLineSchema>;

export const priceBreakdownSchema = z.object({
  product_id: z.number().int(),
  from_date: z.string(),
  to_date: z.string(),
  days: z.number().int(),
  tier: z.enum(['daily', 'weekly', 'four_weekly']),
  minimum_days: z.number().int(),
  lines: z.array(priceLineSchema),
  /** The line's price before GST, rupees: the sum of the lines. */
  total: z.number(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/** A rule's percentage: at most two decimals (it is kept in basis points). */
const percent = (min: number, max: number, message: string) =>
  z
    .number({ error: 'Percent must be a number' })
    .min(min, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Percent has at most 2 decimals')
    .refine((v) => v !== 0, 'Percent must not be 0');

const ruleName = safeText({ label: 'Name', max: 80, required: true });

/** A rule for chosen sites names at most this many; more is every site, or a second rule. */
export const MAX_SITES_PER_RULE = 200;

/** Seasons are at most two years long and end within five years: a rule is about real campaign dates. */
const SEASON_MAX_DAYS = 731;

export const seasonalRuleBodySchema = z
  .object({
    kind: z.literal('seasonal'),
    name: ruleName,
    /** Up (positive) or down (negative), e.g. 20 or -12.5. */
    percent: percent(-99.99, 500, 'Percent must be between -99.99 and 500'),
    from_date: isoDateSchema,
    /** Exclusive: the day after the last day the rule covers. */
    to_date: isoDateSchema,
    /** Only these of the owner's sites; absent or null: every site of the owner. */
    product_ids: z
      .array(z.number().int().positive().max(MAX_DB_ID))
      .min(1, 'Choose at least one site, or leave the rule on every site')
      .max(MAX_SITES_PER_RULE, `A rule names at most ${MAX_SITES_PER_RULE} sites`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each site once')
      .nullish(),
  })
  .superRefine((v, ctx) => rangeCheck(v, ctx, SEASON_MAX_DAYS));

export const volumeRuleBodySchema = z
  .object({
    kind: z.literal('volume'),
    name: ruleName,
    /** The discount, e.g. 10 for 10 % off. */
    percent: percent(0.01, 90, 'A discount is between 0.01 and 90 percent'),
    /** N or more of the owner's sites in one order. */
    min_sites: z.number().int().min(2, 'At least 2 sites').max(50, 'At most 50 sites').optional(),
    /** The owner's lines in one order worth more than this, rupees before GST. */
    min_value: z.number().min(0).max(1e9).optional(),
    /** Said, not dropped: a discount meant for chosen sites would otherwise cover every one. */
    product_ids: z
      .null({ error: 'A volume discount covers the whole order; it cannot name sites' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.min_sites == null) === (v.min_value == null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['min_sites'],
        message: 'Give either a number of sites or an order value, not both',
      });
    }
  });

export const pricingRuleBodySchema = z.discriminatedUnion('kind', [
  seasonalRuleBodySchema,
  volumeRuleBodySchema,
]);
export type PricingRuleBody = z.infer<typeof pricingRuleBodySchema>;

export const pricingRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['seasonal', 'volume']),
  name: z.string(),
  percent: z.number(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  min_sites: z.number().int().nullable(),
  /** Rupees. */
  min_value: z.number().nullable(),
  /** A seasonal rule's sites; null: every site of the owner. */
  product_ids: z.array(z.number().int()).nullable(),
  created_at: z.string(),
});
export type PricingRule = z.infer<typeof pricingRuleSchema>;

export const pricingRuleListSchema = z.object({ results: z.array(pricingRuleSchema) });
export type PricingRuleList = z.infer<typeof pricingRuleListSchema>;

export const pricingRuleIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) });

/** POST /api/partner/packages (decision 090): two or more of the owner's live sites, one period, one price. */
export const pricingPackageBodySchema = z
  .object({
    name: ruleName,
    product_ids: z
      .array(z.number().int().positive().max(MAX_DB_ID))
      .min(2, 'A package holds at least 2 sites')
      .max(50, 'A package holds at most 50 sites')
      .refine((ids) => new Set(ids).size === ids.length, 'Each site once'),
    from_date: isoDateSchema,
    /** Exclusive, like every range. */
    to_date: isoDateSchema,
    /** Rupees before GST, at most two decimals. */
    price: z
      .number({ error: 'Price must be a number' })
      .min(1, 'Price is at least ₹1')
      .max(1e9, 'Price is at most ₹100 crore')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Price has at most 2 decimals'),
    notes: safeText({ label: 'Notes', max: 500 }).optional(),
  })
  .superRefine((v, ctx) => rangeCheck(v, ctx, MAX_BOOKING_SPAN_DAYS));
export type PricingPackageBody = z.infer<typeof pricingPackageBodySchema>;

export const pricingPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_ids: z.array(z.number().int()),
  from_date: z.string(),
  to_date: z.string(),
  /** Rupees before GST. */
  price: z.number(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type PricingPackage = z.infer<typeof pricingPackageSchema>;
export const pricingPackageListSchema = z.object({ results: z.array(pricingPackageSchema) });

/**
 * GET /api/product/{id}/packages: the packages a buyer can still take that hold this live site (decision
 * 090): its owner's, every site of them live and the owner's, dates every site can be booked for.
 */
export const productPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  from_date: z.string(),
  /** Exclusive, like every range. */
  to_date: z.string(),
  /** The package's price for all its sites, rupees before GST. */
  price: z.number(),
  /** What the same sites for the same dates cost by their rate cards and seasonal rules, rupees before GST. */
  rate_card_price: z.number(),
  /** rate_card_price - price, rupees (negative when the package costs more). */
  saving: z.number(),
  sites: z.array(
    z.object({
      id: z.number().int(),
      /** The site code buyers see as "Lamp Post ID". */
      product_id: z.string(),
      name: z.string(),
      city: z.string(),
      minimum_days: z.number().int(),
    }),
  ),
});
export type ProductPackage = z.infer<typeof productPackageSchema>;
export const productPackageListSchema = z.object({ results: z.array(productPackageSchema) });
export type ProductPackageList = z.infer<typeof productPackageListSchema>;
