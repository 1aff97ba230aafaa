import { z } from 'zod';
import { gstinProblem, isValidPan } from '../rules/indian-ids.ts';
import { mobileNumberSchema } from './auth.schemas.ts';
import { safeText } from './text.schemas.ts';
import { PIN_PATTERN } from './user.schemas.ts';

/*
 * Agencies, their members and their clients (DESIGN section 19, decision 092). An agency books for its
 * clients; its members act with a role: admin (team and clients), planner (clients, plans, bookings),
 * approver (the client side's sign-off).
 */

const required = (label: string, max = 100) => safeText({ label, max, required: true });
/** An identifier typed by hand: safe text first (so hostile text gets the same message), then upper-cased. */
const code = (label: string, max: number) => required(label, max).transform((v) => v.toUpperCase());
const gstin = code('GSTIN', 15).superRefine((v, ctx) => {
  const problem = gstinProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: `GSTIN ${problem}` });
});
const pin = required('PIN', 6).refine((v) => PIN_PATTERN.test(v), 'Enter a 6-digit PIN code');

/** A client's monthly limit may be at most this (₹1,000 crore), far above any real month. */
export const MAX_MONTHLY_LIMIT_PAISE = 10_000_000_000_000;

export const AGENCY_ROLES = ['admin', 'planner', 'approver'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

/** Who a client's invoices bill: the client itself (default, "through <agency>") or the agency. */
export const BILL_TO = ['client', 'agency'] as const;
export type BillTo = (typeof BILL_TO)[number];

/** POST /api/agencies: the signed-in user creates an agency and becomes its admin. */
export const agencyCreateBodySchema = z
  .object({
    company_name: required('Company name', 200),
    gstin,
    pan: code('PAN', 10).refine(isValidPan, 'Enter a valid 10-character PAN, e.g. AAPFU0939F'),
    address: required('Address', 200),
    city: required('City'),
    state: required('State'),
    pin,
  })
  .superRefine((v, ctx) => {
    // The GSTIN carries the PAN it was issued to: a mismatch is almost always a typo in one of them.
    if (isValidPan(v.pan) && gstinProblem(v.gstin) === undefined && v.gstin.slice(2, 12) !== v.pan) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'GSTIN does not contain this PAN' });
    }
  });
export type AgencyCreateBody = z.infer<typeof agencyCreateBodySchema>;

export const agencySchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  gstin: z.string(),
  pan: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pin: z.string(),
  /** The signed-in user's role in it. */
  role: z.enum(AGENCY_ROLES),
});
export type Agency = z.infer<typeof agencySchema>;
export const agencyResponseSchema = z.object({ data: agencySchema });

export const agencyMemberInviteBodySchema = z.object({
  phone_number: mobileNumberSchema,
  role: z.enum(AGENCY_ROLES),
});
export type AgencyMemberInviteBody = z.infer<typeof agencyMemberInviteBodySchema>;

export const agencyMemberSchema = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  role: z.enum(AGENCY_ROLES),
  is_you: z.boolean(),
  since: z.string(),
});
export type AgencyMember = z.infer<typeof agencyMemberSchema>;
export const agencyMemberResponseSchema = z.object({ data: agencyMemberSchema });
export const agencyMembersResponseSchema = z.object({ data: z.array(agencyMemberSchema) });
/** DELETE /api/agency/members?id= (the member row's id). */
export const agencyMemberQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

const clientFields = {
  name: required('Client name', 200),
  /** Optional; checked (format and check digit) when given. */
  gstin: z.union([z.literal(''), gstin]).optional(),
  address_line_1: required('Address line 1', 200),
  city: required('City'),
  state: required('State'),
  pin,
  bill_to: z.enum(BILL_TO),
  /** Bookings for this client need its approver's yes on the plan first (an approval link). */
  approval_required: z.boolean(),
  /**
   * The most this client's orders may total before GST in one IST calendar month, in paise; null: no
   * limit. Counted: orders placed this month that are paid (or partly refunded) or still hold their sites.
   */
  monthly_limit_paise: z.number().int().positive().max(MAX_MONTHLY_LIMIT_PAISE).nullable(),
};

export const agencyClientCreateBodySchema = z.object({
  ...clientFields,
  bill_to: clientFields.bill_to.default('client'),
  approval_required: clientFields.approval_required.default(false),
  monthly_limit_paise: clientFields.monthly_limit_paise.default(null),
});
export type AgencyClientCreateBody = z.infer<typeof agencyClientCreateBodySchema>;
/** PATCH: any of the fields; at least one. */
export const agencyClientPatchBodySchema = z
  .object(clientFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change');
export type AgencyClientPatchBody = z.infer<typeof agencyClientPatchBodySchema>;
export const agencyClientParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const agencyClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gstin: z.string().nullable(),
  address_line_1: z.string(),
  city: z.string(),
  state: z.string(),
  pin: z.string(),
  bill_to: z.enum(BILL_TO),
  approval_required: z.boolean(),
  monthly_limit_paise: z.number().int().nullable(),
});
export type AgencyClient = z.infer<typeof agencyClientSchema>;
export const agencyClientResponseSchema = z.object({ data: agencyClientSchema });
/** In the agency's client list: what the client's orders this IST month total before GST, as its limit counts. */
export const agencyClientWithSpendSchema = agencyClientSchema.extend({
  spent_this_month_paise: z.number().int(),
});
export type AgencyClientWithSpend = z.infer<typeof agencyClientWithSpendSchema>;
export const agencyClientsResponseSchema = z.object({ data: z.array(agencyClientWithSpendSchema) });
