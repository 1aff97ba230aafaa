import { z } from 'zod';
import { MAX_BOOKING_SPAN_DAYS } from '../constants.ts';
import { formatCount } from '../india/india-format.ts';
import { AUDIENCE_IMPRESSIONS_MAX, audienceFieldsShape, audienceSchema } from './audience.schemas.ts';
import { isoDateSchema, pagingQuerySchema, queryTextSchema } from './common.schemas.ts';
import { safeMultilineText, safeText } from './text.schemas.ts';
import { PIN_PATTERN } from './user.schemas.ts';

/**
 * A media owner's site as the console and the back office see it (docs/product-rules.md section 8). The buyer-facing
 * product shape stays productSchema; these are the owner's and the operator's views of the same row.
 */

/**
 * draft -> pending -> live <-> paused, or rejected with a reason. Only live sites are listed to buyers.
 * An operator's holds (decision 046): taken_down (the site) and suspended (its owner), each with a reason.
 */
export const SITE_STATUSES = [
  'draft',
  'pending',
  'live',
  'paused',
  'rejected',
  'taken_down',
  'suspended',
] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** The catalogue's lighting vocabulary. */
export const LIGHTING_VALUES = ['Front Lit', 'Back Lit', 'Non-Lit'] as const;

/** Categories a site can be listed under (the slugs of the categories table). */
export const SITE_CATEGORIES = [
  { slug: 'lamp-post', name: 'Lamp Post' },
  { slug: 'hoarding', name: 'Hoarding' },
  { slug: 'bridge', name: 'Bridge' },
  { slug: 'digital-billboard', name: 'Digital Billboard' },
  { slug: 'transit', name: 'Transit' },
  { slug: 'retail', name: 'Retail' },
] as const;
export const SITE_CATEGORY_SLUGS = SITE_CATEGORIES.map((c) => c.slug) as [string, ...string[]];

/** India's bounding box: coordinates outside it are a typo (a swapped latitude and longitude, a lost minus). */
export const INDIA_BOUNDS = { minLat: 6, maxLat: 37.5, minLng: 68, maxLng: 97.5 } as const;

/** Photos: JPEG, PNG or WebP, at most 10 MB each, at most 12 per site. */
export const SITE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const SITE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SITE_PHOTOS_MAX = 12;
export const SITE_PRICE_MAX_RUPEES = 10_000_000;
export const SITE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,29}$/;

const required = (label: string, max = 200) => safeText({ label, max, required: true });
const optionalText = (label: string, max = 200) => safeText({ label, max }).optional();

/** A number typed in a form or a CSV cell: "1,200.50" and " 12 " are numbers, "" is absent. */
const numeric = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/,/g, '').trim())) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      })
      .refine(Number.isFinite, `${label} must be a number`),
  );

/**
 * A per-day rate of the rate card (decision 081): a number as `numeric` reads it, or null / "" for none
 * (the daily price applies). Absent leaves it as it is.
 */
const optionalRate = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.replace(/,/g, '').trim())) : v),
      z
        .number({ error: `${label} must be a number` })
        .refine(Number.isFinite, `${label} must be a number`)
        .refine((v) => v > 0, `${label} must be more than 0`)
        .refine(
          (v) => v <= SITE_PRICE_MAX_RUPEES,
          `${label} must be at most ₹${formatCount(SITE_PRICE_MAX_RUPEES)} a day`,
        )
        .refine(
          (v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000,
          `${label} has at most 2 decimals`,
        )
        .nullable(),
    )
    .optional();

/** The fields an owner types for a site: POST /api/partner/sites, PATCH (all optional), one CSV row. */
export const siteFieldsSchema = z.object({
  /**
   * The owner's own code for the site (buyers see it as "Lamp Post ID"); unique across the marketplace.
   * When absent the server assigns one: MO{ownerId}-{8 random base32 characters}.
   */
  site_code: safeText({ label: 'Site code', max: 30 })
    .transform((v) => v.toUpperCase())
    .refine((v) => SITE_CODE_PATTERN.test(v), 'Site code is 3-30 letters, digits or dashes, e.g. HYD-LP-0042')
    .optional(),
  name: required('Name', 200),
  // Paragraphs allowed (Excel's Alt+Enter in a CSV cell, Enter in the form); names and codes stay one line.
  description: safeMultilineText({ label: 'Description', max: 5000 }).optional(),
  category: z.enum(SITE_CATEGORY_SLUGS, { error: 'Choose a category' }),
  /** Daily price in rupees, at most two decimals. */
  price: numeric('Price').pipe(
    z
      .number()
      .positive('Price must be more than 0')
      .max(SITE_PRICE_MAX_RUPEES, `Price must be at most ₹${formatCount(SITE_PRICE_MAX_RUPEES)} a day`)
      .refine(
        (v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000,
        'Price has at most 2 decimals',
      ),
  ),
  /** Per-day rate for bookings of 7 days or more (rupees); null: the daily price. At most the daily price. */
  weekly_price: optionalRate('Weekly rate'),
  /** Per-day rate for bookings of 28 days or more (rupees); null: the weekly or daily rate. */
  four_weekly_price: optionalRate('Four-weekly rate'),
  /** The shortest booking, in whole days. */
  booking_duration: numeric('Minimum booking').pipe(
    z
      .number()
      .int('Minimum booking is a whole number of days')
      .min(1, 'Minimum booking is at least 1 day')
      .max(MAX_BOOKING_SPAN_DAYS, `Minimum booking is at most ${MAX_BOOKING_SPAN_DAYS} days`),
  ),
  address: required('Address', 300),
  city: required('City', 100),
  district: required('District', 100),
  state: required('State', 100),
  pin_code: required('PIN code', 6).refine((v) => PIN_PATTERN.test(v), 'Enter a 6-digit PIN code'),
  latitude: numeric('Latitude').pipe(
    z
      .number()
      .min(INDIA_BOUNDS.minLat, 'Latitude must be inside India (6 to 37.5)')
      .max(INDIA_BOUNDS.maxLat, 'Latitude must be inside India (6 to 37.5)'),
  ),
  longitude: numeric('Longitude').pipe(
    z
      .number()
      .min(INDIA_BOUNDS.minLng, 'Longitude must be inside India (68 to 97.5)')
      .max(INDIA_BOUNDS.maxLng, 'Longitude must be inside India (68 to 97.5)'),
  ),
  width_ft: numeric('Width').pipe(
    z.number().positive('Width must be more than 0').max(1000, 'Width is at most 1,000 ft'),
  ),
  height_ft: numeric('Height').pipe(
    z.number().positive('Height must be more than 0').max(1000, 'Height is at most 1,000 ft'),
  ),
  lighting: z.enum(LIGHTING_VALUES, { error: 'Choose Front Lit, Back Lit or Non-Lit' }),
  image_format: optionalText('Format', 100),
  /** Impressions a day, read with their source, month and method below (decision 080). */
  impression: numeric('Impressions')
    .pipe(z.number().int('Impressions is a whole number').min(0).max(AUDIENCE_IMPRESSIONS_MAX))
    .optional(),
  ...audienceFieldsShape,
});
export type SiteFields = z.infer<typeof siteFieldsSchema>;
export type SiteFieldsInput = z.input<typeof siteFieldsSchema>;

export const siteCreateBodySchema = siteFieldsSchema;
/** PATCH: any subset of the fields. A change of name, location or photos of a live site goes to review. */
export const siteUpdateBodySchema = siteFieldsSchema.partial();
export type SiteUpdateBody = z.infer<typeof siteUpdateBodySchema>;

/** Fields whose change on a live site waits for an operator's review (docs/product-rules.md section 8). */
export const REVIEWED_SITE_FIELDS = [
  'name',
  'address',
  'city',
  'district',
  'state',
  'pin_code',
  'latitude',
  'longitude',
] as const;

export const sitePhotoSchema = z.object({
  id: z.number().int(),
  /** The resized copy shown to buyers and owners. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
  status: z.enum(['pending', 'live', 'removed']),
});
export type SitePhoto = z.infer<typeof sitePhotoSchema>;

/** A site as its owner (and an operator) sees it. */
export const partnerSiteSchema = z.object({
  id: z.number().int(),
  /** The site code buyers see as "Lamp Post ID". */
  product_id: z.string(),
  media_owner_id: z.number().int().nullable(),
  status: z.enum(SITE_STATUSES),
  rejection_reason: z.string().nullable(),
  /** Why an operator took the site down or suspended its owner. */
  hold_reason: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.number(),
  /** Per-day rates from 7 and from 28 days (rupees), null when not set (decision 081). */
  weekly_price: z.number().nullable(),
  four_weekly_price: z.number().nullable(),
  booking_duration: z.number().int(),
  address: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  pin_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  width_ft: z.number().nullable(),
  height_ft: z.number().nullable(),
  lighting: z.string().nullable(),
  image_format: z.string().nullable(),
  impression: z.number().int().nullable(),
  /** The daily impressions with their source, month, method and the operator's verified mark; null without a figure. */
  audience: audienceSchema.nullable(),
  photos: z.array(sitePhotoSchema),
  /** Changes of a live site waiting for review (the reviewed fields only), or null. */
  pending_changes: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The category's display name (category is its slug, as the form sends it). */
  category_name: z.string(),
  /** The image URLs buyers see now (the live photos' display copies, cover first). */
  images: z.array(z.string()),
  /**
   * Something waits for an operator: a new site submitted (status pending), or changes of name, location
   * or new photos of a live or paused site.
   */
  in_review: z.boolean(),
});
export type PartnerSite = z.infer<typeof partnerSiteSchema>;
export const partnerSiteResponseSchema = z.object({ data: partnerSiteSchema });

export const partnerSitesQuerySchema = pagingQuerySchema.extend({
  status: z.enum(SITE_STATUSES).optional(),
  search: queryTextSchema(200, 'Search').optional(),
});
export const partnerSitePageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(partnerSiteSchema),
});
export type PartnerSitePage = z.infer<typeof partnerSitePageSchema>;

/** POST /api/partner/sites/{id}/status: the owner's moves (submit a draft, pause, resume). */
export const siteStatusBodySchema = z.object({ action: z.enum(['submit', 'pause', 'resume']) });

/** POST /api/partner/sites/{id}/blocks. */
export const siteBlockBodySchema = z
  .object({
    from_date: isoDateSchema,
    to_date: isoDateSchema,
    reason: safeText({ label: 'Reason', max: 300, required: true }),
  })
  // to_date is exclusive, like every to_date of the API (docs/product-rules.md): the day after the last day.
  .refine((v) => v.from_date < v.to_date, {
    path: ['to_date'],
    message: 'to_date is the day after the last day, so it must be after from_date',
  });
export type SiteBlockBody = z.infer<typeof siteBlockBodySchema>;

export const siteBlockSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  from_date: z.string(),
  /** Exclusive: the day after the block's last day. */
  to_date: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type SiteBlock = z.infer<typeof siteBlockSchema>;
