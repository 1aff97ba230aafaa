import { z } from 'zod';
import { MAX_BOOKING_SPAN_DAYS } from '../constants.ts';
import { daysBetween } from '../rules/dates.ts';
import { isoDateSchema, MAX_DB_ID } from './common.schemas.ts';

/**
 * Holds (options, DESIGN sections 19 and 22, decision 082): a signed-in buyer holds a site's dates
 * [from_date, to_date) free of charge for HOLD_DAYS, renewable once.
 */
export const holdRequestSchema = z
  .object({
    product_id: z.number().int().positive().max(MAX_DB_ID),
    from_date: isoDateSchema,
    /** Exclusive, like every to_date of the API. */
    to_date: isoDateSchema,
    /** An agency's admin or planner holding for one of its clients (decision 092); another's is 404. */
    client_id: z.number().int().positive().max(MAX_DB_ID).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.to_date <= v.from_date)
      ctx.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: 'The end date must be after the start date.',
      });
    else if (daysBetween(v.from_date, v.to_date) > MAX_BOOKING_SPAN_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'A hold can run for at most one year.' });
  });
export type HoldRequest = z.infer<typeof holdRequestSchema>;

/**
 * `active` (held), `requested` (another buyer asked for the dates: the holder has until expires_at),
 * then one of `released` (by the holder), `expired`, `booked` (replaced by the holder's order).
 */
export const holdStatusSchema = z.enum(['active', 'requested', 'released', 'expired', 'booked']);
export type HoldStatus = z.infer<typeof holdStatusSchema>;

/** What every hold call answers (DESIGN section 22). */
export const holdAnswerSchema = z.object({
  id: z.number().int(),
  status: holdStatusSchema,
  /** When the dates are free again unless booked first. */
  expires_at: z.string(),
});
export type HoldAnswer = z.infer<typeof holdAnswerSchema>;

/** One of the caller's holds in their list. */
export const holdSchema = holdAnswerSchema.extend({
  product_id: z.number().int(),
  /** The site's name and code as buyers see them. */
  product_name: z.string(),
  site_code: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** Whether Renew would extend it now (once per hold, not after another buyer asked). */
  renewable: z.boolean(),
  requested_at: z.string().nullable(),
  created_at: z.string(),
  /** The agency client the dates are held for, or null for the buyer's own. */
  client_name: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdListSchema = z.object({
  results: z.array(holdSchema),
  /** Held sites the caller has now, and how many they may have at once. */
  held_sites: z.number().int(),
  max_held_sites: z.number().int(),
  /** Days a new hold (or a renewal) lasts: the HOLD_DAYS setting. */
  hold_days: z.number().int(),
});
export type HoldList = z.infer<typeof holdListSchema>;

/** The part of a site's live hold that others see: "On hold until ..." (no holder, never who asked). */
export const siteHoldSchema = z.object({
  id: z.number().int(),
  from_date: z.string(),
  to_date: z.string(),
  until: z.string(),
  /** Whether someone already asked the holder for these dates. */
  requested: z.boolean(),
});
export type SiteHold = z.infer<typeof siteHoldSchema>;

/** Query of GET /api/holds/sites: up to 200 site ids, comma-separated. */
export const siteHoldsQuerySchema = z.object({
  product_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, {
      error: 'product_ids is a comma-separated list of at most 200 site ids',
    })
    .transform((v) => [...new Set(v.split(',').map(Number))]),
});
export type SiteHoldsQuery = z.input<typeof siteHoldsQuerySchema>;

/**
 * A live hold on one of the sites asked, as the signed-in caller sees it: their own (`mine`, with whether
 * Renew would extend it now) or someone else's (no more than everyone sees: never who holds it).
 */
export const siteHoldForCallerSchema = siteHoldSchema.extend({
  product_id: z.number().int(),
  mine: z.boolean(),
  renewable: z.boolean(),
  /** On the caller's own holds: the agency client held for (null otherwise, and on others' holds). */
  client_name: z.string().nullable(),
});
export type SiteHoldForCaller = z.infer<typeof siteHoldForCallerSchema>;

export const siteHoldsForCallerSchema = z.object({ results: z.array(siteHoldForCallerSchema) });
export type SiteHoldsForCaller = z.infer<typeof siteHoldsForCallerSchema>;
