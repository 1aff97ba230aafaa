import { z } from 'zod';
import { MAX_DB_ID } from './common.schemas.ts';
import { safeText } from './text.schemas.ts';

/*
 * Approval links (DESIGN section 19, decision 092): an agency's planner asks the client's approver, who is
 * outside the product, to approve or reject a saved campaign's plan through a link. The link's token is
 * shown once, when it is made (only its SHA-256 is kept). Money is rupees on the wire (paise in the tables);
 * dates are YYYY-MM-DD with to_date exclusive, as everywhere else (decision 038).
 */

/** 32 random bytes in base64url, without padding. */
export const APPROVAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * pending: waiting for the approver; approved, rejected: decided (once); expired: not decided within
 * APPROVAL_LINK_DAYS; revoked: withdrawn by the agency, or replaced by a newer link for the same campaign
 * and client.
 */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'expired', 'revoked'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecisionKind = (typeof APPROVAL_DECISIONS)[number];

/** One line of the plan as the approver reads it, priced as /api/booking/book would price it then. */
export const approvalLineSchema = z.object({
  product_id: z.number().int(),
  site_name: z.string(),
  city: z.string(),
  /** The site's format (its category's name). */
  format: z.string(),
  from_date: z.string(),
  /** Exclusive, as every to_date. */
  to_date: z.string(),
  days: z.number().int(),
  /** Rupees before GST. */
  price: z.number(),
  /** GST on the line at the supply rate, rupees (the invoice makes the CGST/SGST or IGST split). */
  gst: z.number(),
  /** price + gst, rupees. */
  total: z.number(),
});
export type ApprovalLine = z.infer<typeof approvalLineSchema>;

/** The plan and its state, shared by the planner's view and the approver's page. */
const approvalCore = {
  state: z.enum(APPROVAL_STATES),
  /** The saved campaign whose plan it is, or null for a negotiated proposal's (exactly one is set). */
  campaign_id: z.number().int().nullable(),
  /** The proposal whose accepted lines at their agreed prices it is (decision 092 fifth pass), or null. */
  proposal_id: z.number().int().nullable(),
  /** What the plan is called: the campaign's name, or the brief's with the proposal's number. */
  campaign_name: z.string(),
  client_name: z.string(),
  agency_name: z.string(),
  lines: z.array(approvalLineSchema),
  /** Sums of the lines, rupees. */
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Set once decided. */
  decided_at: z.string().nullable(),
  /** The name the approver typed with the decision. */
  decided_by_name: z.string().nullable(),
  comment: z.string().nullable(),
};

/** GET and POST /api/approvals/{token}: what the client's approver sees (no ids of the agency's). */
export const publicApprovalSchema = z.object(approvalCore);
export type PublicApproval = z.infer<typeof publicApprovalSchema>;
export const publicApprovalResponseSchema = z.object({ data: publicApprovalSchema });

/** The agency's view of one approval link (never its token, which is not kept). */
export const approvalSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  ...approvalCore,
  revoked_at: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalsResponseSchema = z.object({ data: z.array(approvalSchema) });

/** POST /api/agency/campaigns/{id}/approval: answers the link once, with its token and the page's path. */
export const approvalCreatedSchema = approvalSchema.extend({
  token: z.string(),
  /** The approver's page: /approvals/{token}. */
  url: z.string(),
});
export type ApprovalCreated = z.infer<typeof approvalCreatedSchema>;
export const approvalCreatedResponseSchema = z.object({ data: approvalCreatedSchema });

/** Body of POST /api/agency/campaigns/{id}/approval: the agency's client the plan is for. */
export const approvalCreateBodySchema = z.object({
  client_id: z.number().int().positive().max(MAX_DB_ID),
  /** Where to email the link to the client's approver; absent: the planner passes the link on. */
  approver_email: z
    .string()
    .trim()
    .max(254, 'An email address is at most 254 characters')
    .pipe(z.email('Enter a valid email address'))
    .optional(),
});
export type ApprovalCreateBody = z.infer<typeof approvalCreateBodySchema>;

/**
 * Body of POST /api/proposals/{id}/approval: the client is the brief's (decision 092), so only where to
 * email the link.
 */
export const proposalApprovalBodySchema = approvalCreateBodySchema.omit({ client_id: true }).strict();
export type ProposalApprovalBody = z.infer<typeof proposalApprovalBodySchema>;

/** {id} of /api/agency/campaigns/{id}/approval(s) (a campaign) and of DELETE /api/agency/approvals/{id}. */
export const approvalIdParamSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_ID),
});

/** GET /api/agency/approvals: the agency's links, newest first; `campaign_id` or `proposal_id` keeps one's. */
export const approvalsQuerySchema = z.object({
  campaign_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
  proposal_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
});

/** {token} of /api/approvals/{token}; anything not shaped like a token is simply unknown (404). */
export const approvalTokenParamSchema = z.object({ token: z.string().max(200) });

/** Body of POST /api/approvals/{token}: the approver's decision, their name and an optional comment. */
export const approvalDecisionBodySchema = z.object({
  decision: z.enum(APPROVAL_DECISIONS),
  name: safeText({ label: 'Your name', max: 100, required: true }),
  comment: safeText({ label: 'Comment', max: 1000, multiline: true }).optional(),
});
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBodySchema>;

/**
 * error.code values of the booking refusals for a client (409), so the web can say what to do: the client
 * needs an approved plan first; the plan booked is not the one approved (changed since); the order would
 * take the client over its monthly limit.
 */
export const CLIENT_BOOKING_ERRORS = {
  approvalRequired: 'approval_required',
  approvalOutdated: 'approval_outdated',
  monthlyLimit: 'monthly_limit_exceeded',
} as const;

/**
 * PATCH /api/agency/campaigns/{id} (decision 092): the planner's saved campaign is for one of the
 * agency's clients, or (null) for nobody in particular.
 */
export const campaignClientBodySchema = z
  .object({ client_id: z.number().int().positive().max(MAX_DB_ID).nullable() })
  .strict();
export type CampaignClientBody = z.infer<typeof campaignClientBodySchema>;

export const campaignClientSchema = z.object({
  campaign_id: z.number().int(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
});
export type CampaignClient = z.infer<typeof campaignClientSchema>;
export const campaignClientResponseSchema = z.object({ data: campaignClientSchema });
/** GET /api/agency/campaigns: the caller's campaigns that are for a client. */
export const campaignClientsResponseSchema = z.object({ data: z.array(campaignClientSchema) });
