import { z } from 'zod';
import { gstinProblem, isValidBankAccount, isValidIfsc, isValidPan } from '../rules/indian-ids.ts';
import { mobileNumberSchema } from './auth.schemas.ts';
import { pagingQuerySchema, queryTextSchema } from './common.schemas.ts';
import { safeText } from './text.schemas.ts';
import { PIN_PATTERN } from './user.schemas.ts';

const required = (label: string, max = 100) => safeText({ label, max, required: true });
/** An identifier typed by hand: safe text first (so hostile text gets the same message), then upper-cased. */
const code = (label: string, max: number) => required(label, max).transform((v) => v.toUpperCase());

/** approved <-> suspended by an operator (decision 046). */
export const MEDIA_OWNER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type MediaOwnerStatus = (typeof MEDIA_OWNER_STATUSES)[number];

/** POST /api/partner/apply (docs/product-rules.md section 7): a company applying to list its sites. */
export const partnerApplicationBodySchema = z
  .object({
    company_name: required('Company name', 200),
    gstin: code('GSTIN', 15).superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `GSTIN ${problem}` });
    }),
    pan: code('PAN', 10).refine(isValidPan, 'Enter a valid 10-character PAN, e.g. AAPFU0939F'),
    address_line_1: required('Address line 1', 200),
    address_line_2: safeText({ label: 'Address line 2', max: 200 }).optional(),
    city: required('City'),
    state: required('State'),
    pin: required('PIN', 6).refine((v) => PIN_PATTERN.test(v), 'Enter a 6-digit PIN code'),
    contact_name: required('Contact name'),
    contact_phone: mobileNumberSchema,
    contact_email: required('Contact email', 254).pipe(z.email('Enter a valid email address')),
    ifsc: code('IFSC', 11).refine(isValidIfsc, 'Enter a valid IFSC, e.g. HDFC0001234'),
    account_number: required('Account number', 18).refine(
      isValidBankAccount,
      'Enter the 9-18 digit account number',
    ),
  })
  .superRefine((v, ctx) => {
    // The GSTIN carries the PAN it was issued to: a mismatch is almost always a typo in one of them.
    if (isValidPan(v.pan) && gstinProblem(v.gstin) === undefined && v.gstin.slice(2, 12) !== v.pan) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: 'PAN must be the one inside the GSTIN' });
    }
  });
export type PartnerApplicationBody = z.infer<typeof partnerApplicationBodySchema>;
export type PartnerApplicationInput = z.input<typeof partnerApplicationBodySchema>;

/** A media owner as answered: the bank account only ever masked. */
export const mediaOwnerSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  gstin: z.string(),
  /** PAN, IFSC and the masked bank account: an owner's admins and operators only (DESIGN 7), absent for managers and field members. */
  pan: z.string().optional(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pin: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  ifsc: z.string().optional(),
  bank_account_masked: z.string().optional(),
  status: z.enum(MEDIA_OWNER_STATUSES),
  rejection_reason: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  created_at: z.string(),
});
export type MediaOwner = z.infer<typeof mediaOwnerSchema>;

export const mediaOwnerResponseSchema = z.object({ data: mediaOwnerSchema });
export type MediaOwnerResponse = z.infer<typeof mediaOwnerResponseSchema>;

export const opsMediaOwnersQuerySchema = pagingQuerySchema.extend({
  status: z.enum(MEDIA_OWNER_STATUSES).optional(),
  /** Part of the company name, GSTIN or PAN (any case): an operator finds one owner among hundreds. */
  q: queryTextSchema(100, 'Search').optional(),
});
export const opsRejectBodySchema = z.object({ reason: required('Reason', 500) });

/**
 * POST /api/ops/media-owners/{id}/approve: no body, or a reason. The console asks for one when the
 * application shares another owner's GSTIN, PAN or bank account (a possible duplicate); it is audited
 * with the matches.
 */
export const opsApproveBodySchema = z
  .object({ reason: safeText({ max: 500, label: 'Reason' }).optional() })
  .nullish();
export type OpsApproveBody = z.infer<typeof opsApproveBodySchema>;

/** A page of an operator list: count and the rows of this page. */
export const opsPageSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
export const mediaOwnerPageSchema = opsPageSchema(mediaOwnerSchema);

/** One operator action (docs/product-rules.md section 7): who, what, on which record, when, the values before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_user_id: z.number().int(),
  actor_phone: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = opsPageSchema(auditEntrySchema);
export const auditQuerySchema = pagingQuerySchema;
