import { z } from 'zod';
import { MAX_BOOKING_SPAN_DAYS } from '../constants.ts';
import { daysBetween } from '../rules/dates.ts';
import { audienceSchema } from './audience.schemas.ts';
import { campaignFiguresSchema } from './campaign.schemas.ts';
import { isoDateSchema, MAX_DB_ID } from './common.schemas.ts';
import { safeMultilineText, safeText } from './text.schemas.ts';

/**
 * Briefs, proposals and their offers (DESIGN sections 19 and 22, decision 086). Money is rupees on the
 * wire, as everywhere in the API; the database keeps integer paise. A proposal line's `price` is the
 * line's total before GST for its dates, replacing the rate card's for that line.
 */

/** The longest a proposal may stay open (DESIGN section 19). */
export const MAX_PROPOSAL_VALIDITY_DAYS = 14;
/** A brief names at most this many cities and formats; a proposal at most this many lines. */
export const MAX_BRIEF_CITIES = 20;
export const MAX_BRIEF_FORMATS = 20;
export const MAX_PROPOSAL_LINES = 50;

const rupees = (label: string) =>
  z
    .number({ error: `${label} must be a number of rupees` })
    .positive(`${label} must be more than zero`)
    .max(1e10, `${label} is too large`)
    // Whole paise only: the database keeps integer paise and never rounds a price someone typed.
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${label} may have at most two decimals`,
    });

const dateRange = <T extends { from_date: string; to_date: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.to_date <= v.from_date)
    ctx.addIssue({
      code: 'custom',
      path: ['to_date'],
      message: 'The end date must be after the start date.',
    });
  else if (daysBetween(v.from_date, v.to_date) > MAX_BOOKING_SPAN_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'A range can run for at most one year.' });
};

/** Body of POST /api/briefs. `to_date` is exclusive; `formats` are category names and may be empty (any). */
export const briefRequestSchema = z
  .object({
    name: safeText({ max: 120, label: 'Name', required: true }),
    cities: z
      .array(safeText({ max: 80, label: 'City', required: true }))
      .min(1, 'Name at least one city')
      .max(MAX_BRIEF_CITIES),
    formats: z.array(safeText({ max: 80, label: 'Format', required: true })).max(MAX_BRIEF_FORMATS),
    from_date: isoDateSchema,
    to_date: isoDateSchema,
    budget: rupees('Budget'),
    objective: safeText({ max: 200, label: 'Objective' }),
    notes: safeMultilineText({ max: 2000, label: 'Notes' }),
    respond_by: isoDateSchema,
    /** An agency's admin or planner briefing for one of its clients (decision 092); another's is 404. */
    client_id: z.number().int().positive().max(MAX_DB_ID).optional(),
  })
  .strict()
  .superRefine(dateRange);
export type BriefRequest = z.infer<typeof briefRequestSchema>;

export const briefStatusSchema = z.enum(['open', 'closed']);

/** A brief as its buyer and the matching owners read it (never who the buyer is). */
export const briefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cities: z.array(z.string()),
  formats: z.array(z.string()),
  from_date: z.string(),
  to_date: z.string(),
  budget: z.number(),
  objective: z.string(),
  notes: z.string(),
  respond_by: z.string(),
  /** `open` until its answer-by day has passed. */
  status: briefStatusSchema,
  created_at: z.string(),
});
export type Brief = z.infer<typeof briefSchema>;

/**
 * A line's state: `open` while the two sides talk (`turn` says who answers next), `accepted` (the deal,
 * at `price`, its dates held until the proposal's validity ends), `declined`, `booked` (in an order).
 */
export const proposalLineStatusSchema = z.enum(['open', 'accepted', 'declined', 'booked']);
export const offerSideSchema = z.enum(['owner', 'buyer']);
export const offerActionSchema = z.enum(['offer', 'counter', 'accept', 'decline']);

/** One step of a line's negotiation, kept for good (the offers' history). */
export const offerSchema = z.object({
  id: z.number().int(),
  line_id: z.number().int(),
  side: offerSideSchema,
  action: offerActionSchema,
  /** The price that step stood at, rupees before GST (for a decline: the price declined). */
  price: z.number(),
  created_at: z.string(),
});

export const proposalLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  site_code: z.string(),
  city: z.string(),
  format: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  from_date: z.string(),
  to_date: z.string(),
  days: z.number().int(),
  /** The price standing now (the last offer), rupees before GST for the line's dates. */
  price: z.number(),
  /** What the rate card asked when the line was proposed, rupees before GST. */
  list_price: z.number(),
  status: proposalLineStatusSchema,
  /** Whose answer the line waits for while open. */
  turn: offerSideSchema,
  /** Daily impressions when the site has a figure; null otherwise. */
  daily_impressions: z.number().int().nullable(),
  /** The same figure with its source, month and method (decision 080): shown with every figure. */
  audience: audienceSchema.nullable(),
  /** Cost per thousand impressions at `price`, rupees; null without a figure. */
  cpm: z.number().nullable(),
});
export type ProposalLine = z.infer<typeof proposalLineSchema>;

export const proposalStatusSchema = z.enum(['open', 'accepted', 'declined', 'booked', 'expired']);

/** GST on a set of lines, as the shared rules compute it for the buyer's billing state. */
export const proposalTotalsSchema = z.object({
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
  /** `estimate` until the buyer's billing state is known (IGST-sized). */
  kind: z.enum(['intra', 'inter', 'estimate']),
});

export const proposalSchema = z.object({
  id: z.number().int(),
  brief_id: z.number().int(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  status: proposalStatusSchema,
  valid_until: z.string(),
  notes: z.string(),
  lines: z.array(proposalLineSchema),
  offers: z.array(offerSchema),
  /** Every line that is not declined at its standing price, and the accepted ones alone. */
  totals: proposalTotalsSchema,
  accepted_totals: proposalTotalsSchema,
  /** The standing lines' plan figures at their standing prices (decision 080): reach and frequency estimates. */
  figures: campaignFiguresSchema,
  order_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** The buyer's own view of a brief: the agency client it is for (never shown to owners), or null. */
const ownBrief = { client_id: z.number().int().nullable(), client_name: z.string().nullable() };

export const briefListSchema = z.object({
  results: z.array(briefSchema.extend({ proposals: z.number().int(), ...ownBrief })),
});
export type BriefList = z.infer<typeof briefListSchema>;

/** GET /api/briefs/{id}: a brief and its proposals, side by side. */
export const briefDetailSchema = briefSchema.extend({ proposals: z.array(proposalSchema), ...ownBrief });
export type BriefDetail = z.infer<typeof briefDetailSchema>;

/** GET /api/partner/briefs: the open briefs matching the owner's live sites, each with its own proposal. */
export const partnerBriefListSchema = z.object({
  results: z.array(
    briefSchema.extend({
      /** The owner's live sites matching the brief (city and format). */
      matching_sites: z.array(
        z.object({ id: z.number().int(), name: z.string(), site_code: z.string(), city: z.string() }),
      ),
      proposal: proposalSchema.nullable(),
    }),
  ),
});
export type PartnerBriefList = z.infer<typeof partnerBriefListSchema>;

export const proposalLineRequestSchema = z
  .object({
    product_id: z.number().int().positive().max(MAX_DB_ID),
    from_date: isoDateSchema,
    to_date: isoDateSchema,
    price: rupees('Price'),
  })
  .strict()
  .superRefine(dateRange);

/** Body of POST /api/partner/briefs/{id}/proposals. `valid_until` is the last day the offer stands (IST). */
export const proposalRequestSchema = z
  .object({
    lines: z.array(proposalLineRequestSchema).min(1, 'Propose at least one site').max(MAX_PROPOSAL_LINES),
    valid_until: isoDateSchema,
    notes: safeMultilineText({ max: 2000, label: 'Notes' }),
  })
  .strict();
export type ProposalRequest = z.infer<typeof proposalRequestSchema>;

const lineIds = z.array(z.number().int().positive().max(MAX_DB_ID)).min(1).max(MAX_PROPOSAL_LINES);

/** POST /api/proposals/{id}/accept: the lines the buyer takes at their standing prices. */
export const acceptRequestSchema = z.object({ line_ids: lineIds }).strict();
export type AcceptRequest = z.infer<typeof acceptRequestSchema>;

/** POST .../counter (either side): a new price for lines awaiting the caller's answer. */
export const counterRequestSchema = z
  .object({
    lines: z
      .array(
        z.object({ line_id: z.number().int().positive().max(MAX_DB_ID), price: rupees('Price') }).strict(),
      )
      .min(1)
      .max(MAX_PROPOSAL_LINES),
  })
  .strict();
export type CounterRequest = z.infer<typeof counterRequestSchema>;

/**
 * POST /api/proposals/{id}/decline: some open lines (`line_ids`), or with no body the whole proposal. The
 * body is optional so the calls made before single lines could be declined stay valid.
 */
export const declineRequestSchema = z.object({ line_ids: lineIds.optional() }).strict().nullish();
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

/** POST /api/partner/proposals/{id}/accept and /decline: the buyer's counters answered (all when absent). */
export const ownerAnswerRequestSchema = z.object({ line_ids: lineIds.optional() }).strict();
export type OwnerAnswerRequest = z.infer<typeof ownerAnswerRequestSchema>;

/**
 * POST /api/proposals/{id}/book: `amount` is the accepted lines' total before GST, rupees, as the buyer
 * saw it; the server takes the prices from the accepted offers and refuses (409) an amount that differs.
 * `po_number`: for a brief made for an agency's client, the client's purchase order (on its invoices).
 */
export const proposalBookRequestSchema = z
  .object({
    amount: z.number().nonnegative().max(1e12),
    po_number: safeText({ label: 'PO number', max: 40 }).optional(),
  })
  .strict();
export type ProposalBookRequest = z.infer<typeof proposalBookRequestSchema>;
