import { z } from 'zod';
import { savedCampaignSchema } from './customized-campaign.schemas.ts';
import { holdSchema } from './hold.schemas.ts';
import { bookedCampaignSchema } from './order.schemas.ts';
import { planShareSummarySchema } from './plan.schemas.ts';
import { sessionSchema } from './session.schemas.ts';
import { userSchema } from './user.schemas.ts';

/**
 * GET /api/me/data (DESIGN 18, DPDP Act 2023 s.11): everything the marketplace keeps about the signed-in
 * person, as one JSON download. Each part is the shape its own call answers, so the download reads like
 * the pages the person already knows.
 */
export const personalDataSchema = z.object({
  /** ISO moment the download was made. */
  exported_at: z.string(),
  /** The profile, with the sign-in number and the email. */
  profile: userSchema,
  /** The live signed-in sessions (device, address, when used). */
  sessions: z.array(sessionSchema),
  /** The person's orders, grouped per order and campaign as My Orders shows them, with lines and amounts. */
  orders: z.array(bookedCampaignSchema),
  /** The tax invoice number of each paid order. */
  invoices: z.array(z.object({ order_id: z.number().int(), number: z.string() })),
  /** The person's own plans (saved customised campaigns with their sites and dates). */
  plans: z.array(savedCampaignSchema),
  /** The plan links the person shared (the tokens themselves are never kept). */
  plan_shares: z.array(planShareSummarySchema),
  holds: z.array(holdSchema),
  /** Every consent given or withdrawn (the sign-in notice's version, marketing), oldest first. */
  consents: z.array(
    z.object({
      purpose: z.enum(['notice', 'marketing']),
      version: z.string(),
      action: z.enum(['given', 'withdrawn']),
      at: z.string(),
    }),
  ),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** DELETE /api/me: erasure is asked for explicitly, so a stray DELETE never erases an account. */
export const eraseAccountBodySchema = z.object({
  confirm: z.literal(true, 'Send confirm: true to erase your account'),
});
export type EraseAccountBody = z.infer<typeof eraseAccountBodySchema>;

export const eraseAccountResponseSchema = z.object({
  data: z.object({
    erased: z.literal(true),
    /** Sessions that were still open and are now ended. */
    sessions_ended: z.number().int(),
    /** What the law makes the marketplace keep, in words the person can read. */
    kept: z.array(z.string()),
  }),
});
export type EraseAccountResponse = z.infer<typeof eraseAccountResponseSchema>;

/** One consent as the account holds it: which published text, and when it was given or withdrawn. */
export const consentStateSchema = z.object({
  given: z.boolean(),
  version: z.string().nullable(),
  /** When last given or withdrawn; null when never asked. */
  at: z.string().nullable(),
});

/** GET /api/me/consents: the sign-in notice accepted, and the separate marketing consent. */
export const consentsResponseSchema = z.object({
  data: z.object({ notice: consentStateSchema, marketing: consentStateSchema }),
});
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

/** POST /api/me/consents/marketing: give or withdraw, the same one step either way (DPDP Act s.6(4)). */
export const marketingConsentBodySchema = z.object({
  given: z.boolean('Send given: true or false'),
});
export type MarketingConsentBody = z.infer<typeof marketingConsentBodySchema>;
