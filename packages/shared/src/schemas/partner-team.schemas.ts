import { z } from 'zod';
import { isValidBankAccount, isValidIfsc } from '../rules/indian-ids.ts';
import { audienceFieldsShape } from './audience.schemas.ts';
import { mobileNumberSchema } from './auth.schemas.ts';
import { isoDateSchema, queryTextSchema } from './common.schemas.ts';
import { mediaOwnerSchema, opsPageSchema } from './partner.schemas.ts';
import { SITE_STATUSES, siteFieldsSchema } from './site.schemas.ts';
import { safeText } from './text.schemas.ts';

/**
 * An owner's team, bulk work on sites and the operator's trust checks (docs/product-rules.md section 7, decision 046).
 * - admin: everything, members, bank details, statements and payouts;
 * - manager: sites, blocks, bookings, artwork, proofs, statements;
 * - field: reads sites and bookings, downloads print files and job sheets, posts proofs.
 */
export const MEMBER_ROLES = ['admin', 'manager', 'field'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** POST /api/partner/members: invite a mobile number with a role. */
export const memberInviteBodySchema = z.object({
  phone_number: mobileNumberSchema,
  role: z.enum(MEMBER_ROLES),
});
export type MemberInviteBody = z.infer<typeof memberInviteBodySchema>;

export const memberUserParamSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const invitationParamSchema = z.object({
  invitationId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A member (joined) or an invitation waiting for its invitee's first sign-in. */
export const partnerMemberSchema = z.object({
  /** null while invited. */
  user_id: z.number().int().nullable(),
  /** The open invitation's id (to revoke it); null for a member. */
  invitation_id: z.number().int().nullable(),
  phone_number: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  state: z.enum(['member', 'invited']),
  /** The signed-in user's own row (an admin cannot remove the last admin, possibly themself). */
  is_you: z.boolean(),
  since: z.string(),
});
export type PartnerMember = z.infer<typeof partnerMemberSchema>;
export const partnerMembersResponseSchema = z.object({ data: z.array(partnerMemberSchema) });
export const partnerMemberResponseSchema = z.object({ data: partnerMemberSchema });

/** POST /api/partner/sites/bulk: one action on many own sites, all or nothing. */
const siteIds = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, 'Select at least one site')
  .max(500, 'At most 500 sites at a time');
export const siteBulkBodySchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('price'),
      site_ids: siteIds,
      /** The new price per booking period in rupees. */
      price: z.number().positive().max(10_000_000).optional(),
      /** Or a change in percent of each site's price (-90 to +500). */
      percent: z.number().min(-90).max(500).optional(),
    })
    .refine((v) => (v.price === undefined) !== (v.percent === undefined), {
      path: ['price'],
      message: 'Give either a price or a percent change',
    }),
  /** The audience's source, month and method note on many sites at once (each keeps its own figure; decision 080). */
  z.object({
    action: z.literal('audience'),
    site_ids: siteIds,
    audience_source: audienceFieldsShape.audience_source.unwrap(),
    audience_measured_on: audienceFieldsShape.audience_measured_on,
    audience_method: audienceFieldsShape.audience_method,
  }),
  /**
   * The rate card and minimum booking on many sites at once (decision 090): each field given is set on
   * every site (null clears a rate), each site checked against its own daily price.
   */
  z
    .object({
      action: z.literal('rates'),
      site_ids: siteIds,
      weekly_price: siteFieldsSchema.shape.weekly_price,
      four_weekly_price: siteFieldsSchema.shape.four_weekly_price,
      booking_duration: siteFieldsSchema.shape.booking_duration.optional(),
    })
    .refine(
      (v) =>
        v.weekly_price !== undefined || v.four_weekly_price !== undefined || v.booking_duration !== undefined,
      { path: ['weekly_price'], message: 'Give a weekly rate, a four-weekly rate or a minimum booking' },
    ),
  z.object({ action: z.literal('pause'), site_ids: siteIds }),
  z.object({ action: z.literal('resume'), site_ids: siteIds }),
  z
    .object({
      action: z.literal('block'),
      site_ids: siteIds,
      from_date: isoDateSchema,
      /** Exclusive: the day after the last blocked day. */
      to_date: isoDateSchema,
      reason: safeText({ label: 'Reason', max: 300, required: true }),
    })
    .refine((v) => v.from_date < v.to_date, {
      path: ['to_date'],
      message: 'The end must be after the start (it is the day after the last blocked day)',
    }),
]);
export type SiteBulkBody = z.infer<typeof siteBulkBodySchema>;
export const siteBulkResponseSchema = z.object({
  data: z.object({ action: z.string(), updated: z.number().int(), site_ids: z.array(z.number().int()) }),
});

/**
 * GET /api/partner/sites/export.csv | .xlsx: the owner's sites in the import template's columns (so a file
 * exported can be edited and imported again). `ids` (comma-separated, the grid's selection) or else every
 * site matching `status` and `search`, as the grid shows them.
 */
export const SITE_EXPORT_MAX_IDS = 500;
export const siteExportQuerySchema = z.object({
  status: z.enum(SITE_STATUSES).optional(),
  search: queryTextSchema(200, 'Search').optional(),
  ids: z
    .string()
    .max(12 * SITE_EXPORT_MAX_IDS)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids is a comma-separated list of site ids')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(SITE_EXPORT_MAX_IDS))
    .optional(),
});
export type SiteExportQuery = z.infer<typeof siteExportQuerySchema>;

/**
 * POST /api/partner/sites/photo-match (issue 22): the file names of many photos, matched to the owner's
 * site codes ("MUM-0042.jpg", "MUM-0042-2.jpg": the code, then an optional "-N" for the photo's number).
 */
export const SITE_PHOTO_MATCH_MAX = 500;
export const sitePhotoMatchBodySchema = z.object({
  file_names: z
    .array(safeText({ label: 'File name', max: 255, required: true }))
    .min(1, 'Choose at least one photo')
    .max(SITE_PHOTO_MATCH_MAX, `At most ${SITE_PHOTO_MATCH_MAX} photos at a time`),
});
export const sitePhotoMatchSchema = z.object({
  file_name: z.string(),
  /** null: no site of the owner has the code the name starts with. */
  site_id: z.number().int().nullable(),
  site_code: z.string().nullable(),
  site_name: z.string().nullable(),
  /** Photos the site has now (a site holds at most SITE_PHOTOS_MAX). */
  photos: z.number().int().nullable(),
});
export type SitePhotoMatch = z.infer<typeof sitePhotoMatchSchema>;
export const sitePhotoMatchResponseSchema = z.object({ data: z.array(sitePhotoMatchSchema) });

/** An operator's reason for a suspension, a take-down, a reinstatement or a restore. */
export const opsReasonBodySchema = z.object({
  reason: safeText({ label: 'Reason', max: 500, required: true }),
});

/** Another owner sharing this applicant's GSTIN, PAN or bank account. */
export const ownerDuplicateSchema = z.object({
  field: z.enum(['gstin', 'pan', 'bank_account']),
  media_owner_id: z.number().int(),
  company_name: z.string(),
  status: z.string(),
});
export type OwnerDuplicate = z.infer<typeof ownerDuplicateSchema>;
export const opsMediaOwnerSchema = mediaOwnerSchema.extend({ duplicates: z.array(ownerDuplicateSchema) });
export type OpsMediaOwner = z.infer<typeof opsMediaOwnerSchema>;
export const opsMediaOwnerPageSchema = opsPageSchema(opsMediaOwnerSchema);
export const opsMediaOwnerResponseSchema = z.object({ data: opsMediaOwnerSchema });

/** PATCH /api/ops/media-owners/{id}: an operator corrects an owner's details (audited). */
const opt = (label: string, max = 100) => safeText({ label, max, required: true }).optional();
export const opsMediaOwnerEditBodySchema = z
  .object({
    company_name: opt('Company name', 200),
    address_line_1: opt('Address line 1', 200),
    address_line_2: safeText({ label: 'Address line 2', max: 200 }).optional(),
    city: opt('City'),
    state: opt('State'),
    contact_name: opt('Contact name'),
    contact_email: opt('Contact email', 254).pipe(z.email('Enter a valid email address').optional()),
    contact_phone: mobileNumberSchema.optional(),
    /**
     * New bank details, both together: the owner's linked account goes back to pending and is verified
     * again by the payment provider before any payout moves to it (decision 047).
     */
    ifsc: opt('IFSC', 11)
      .transform((v) => v?.toUpperCase())
      .refine((v) => v === undefined || isValidIfsc(v), 'Enter a valid IFSC, e.g. HDFC0001234'),
    account_number: opt('Account number', 18).refine(
      (v) => v === undefined || isValidBankAccount(v),
      'Enter the 9-18 digit account number',
    ),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Change at least one field' })
  .refine((v) => (v.ifsc === undefined) === (v.account_number === undefined), {
    path: ['account_number'],
    message: 'Bank details change together: enter the IFSC and the account number',
  });
export type OpsMediaOwnerEditBody = z.infer<typeof opsMediaOwnerEditBodySchema>;
