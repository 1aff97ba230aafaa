import { z } from 'zod';
import { MAX_BOOKING_SPAN_DAYS } from '../constants.ts';
import { daysBetween } from '../rules/dates.ts';
import { audienceSchema } from './audience.schemas.ts';
import {
  isoDateSchema,
  MAX_DB_ID,
  pagedSchema,
  pagingQuerySchema,
  queryTextSchema,
} from './common.schemas.ts';
import { siteHoldSchema } from './hold.schemas.ts';
import { productRatesSchema } from './pricing.schemas.ts';

/** booking_duration keeps the form the catalogue holds it in: days, "N days" or seconds. */
export const bookingDurationSchema = z.union([z.number(), z.string()]);

export const productSchema = z.object({
  id: z.number().int(),
  /** The site code (shown as "Site code"). */
  product_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Daily price in rupees. */
  price: z.number(),
  address: z.string(),
  images: z.array(z.string()),
  /** Every date (YYYY-MM-DD) of the next 365 days, from today in IST, on which the site is booked or held. */
  unavailable_dates: z.array(z.string()),
  booking_duration: bookingDurationSchema,
  /** The shortest booking in whole days: booking_duration normalised (decision 081). */
  minimum_days: z.number().int(),
  /** The rate card, rupees per day: weekly from 7 days, four-weekly from 28 (null: the daily price). */
  rates: productRatesSchema,
  /** Category name. */
  category: z.string(),
  image_size: z.string().nullable(),
  image_format: z.string().nullable(),
  lighting: z.string().nullable(),
  state: z.string(),
  district: z.string(),
  city: z.string(),
  pin_code: z.string(),
  /** Daily impressions: `audience.daily_impressions`, kept as the SPEC names it. Show it only with its source. */
  impression: z.number().int().nullable(),
  /** The daily impressions with their source, month measured, method and verified mark; null without a figure. */
  audience: audienceSchema.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Kilometres from the `near` point, rounded to 10 m; only when the list was asked with `near`. */
  distance_km: z.number().optional(),
  /**
   * With `available_from`/`available_to`: the nearest range on which the site is free and can be booked
   * (`free_to` exclusive), the asked range itself when it is free and at least the site's minimum booking.
   * With `flexible=true` it may start up to FLEXIBLE_DAYS earlier or later and is as long as the site's
   * minimum booking when that is longer than the range asked (issue 48). Without dates, `free_from` alone:
   * the first day from the earliest start that begins the site's minimum booking of free days (within
   * the 365 days `unavailable_dates` covers), absent when there is none.
   */
  free_from: z.string().optional(),
  free_to: z.string().optional(),
  /**
   * The site's live holds (options), never their holders, shown as "On hold until ..." (decision 082): on
   * GET /api/product/{id}, and on the lists' cards, which say so when their dates meet one (decision 084).
   */
  holds: z.array(siteHoldSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = pagedSchema(productSchema);
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** `a,b,c` (or the same key repeated) as a list of trimmed, non-empty values. */
const csv = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v),
  queryTextSchema(2000).transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
);

const idList = csv.transform((values, ctx) => {
  const ids: number[] = [];
  for (const v of values) {
    const n = Number(v);
    if (!/^\d{1,10}$/.test(v) || n < 1 || n > MAX_DB_ID) {
      ctx.addIssue({ code: 'custom', message: 'Expected comma-separated numeric ids' });
      return z.NEVER;
    }
    ids.push(n);
  }
  if (ids.length > 200) {
    ctx.addIssue({ code: 'custom', message: 'At most 200 ids' });
    return z.NEVER;
  }
  return ids;
});

/** `min,max` as two numbers with min <= max. */
const range = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const raw = s.split(',').map((v) => v.trim());
    const parts = raw.map(Number);
    if (
      raw.length !== 2 ||
      raw.some((v) => v === '') ||
      parts.some((n) => !Number.isFinite(n)) ||
      parts[0] > parts[1]
    ) {
      ctx.addIssue({ code: 'custom', message: 'Expected a range as min,max with min <= max' });
      return z.NEVER;
    }
    return parts as [number, number];
  });

/** Largest `radius_km` of a `near` search: beyond it a bounding box (`bbox`) says more. */
export const NEAR_RADIUS_MAX_KM = 500;

/** Comma-separated finite numbers, exactly `count` of them, or a 400 naming the parameter and its form. */
const numberList = (name: string, form: string, count: number) =>
  z
    .string()
    .max(200)
    .transform((s, ctx) => {
      const raw = s.split(',').map((v) => v.trim());
      const parts = raw.map(Number);
      if (raw.length !== count || raw.some((v) => v === '') || parts.some((n) => !Number.isFinite(n))) {
        ctx.addIssue({ code: 'custom', message: `Expected ${name} as ${form} (${count} numbers)` });
        return z.NEVER;
      }
      return parts;
    });

const inLat = (n: number) => n >= -90 && n <= 90;
const inLng = (n: number) => n >= -180 && n <= 180;

/** `bbox=minLng,minLat,maxLng,maxLat` (degrees, WGS84): the sites inside the box, edges included. */
export const bboxSchema = numberList('bbox', 'minLng,minLat,maxLng,maxLat', 4).transform((p, ctx) => {
  const [minLng, minLat, maxLng, maxLat] = p as [number, number, number, number];
  if (!inLng(minLng) || !inLng(maxLng)) {
    ctx.addIssue({ code: 'custom', message: 'bbox longitudes must be between -180 and 180' });
    return z.NEVER;
  }
  if (!inLat(minLat) || !inLat(maxLat)) {
    ctx.addIssue({ code: 'custom', message: 'bbox latitudes must be between -90 and 90' });
    return z.NEVER;
  }
  if (minLng > maxLng || minLat > maxLat) {
    ctx.addIssue({
      code: 'custom',
      message: 'bbox minimum must not exceed its maximum (minLng,minLat,maxLng,maxLat)',
    });
    return z.NEVER;
  }
  return [minLng, minLat, maxLng, maxLat] as [number, number, number, number];
});

/** `near=lat,lng` (degrees): with `radius_km`, the sites within that distance, nearest first. */
export const nearSchema = numberList('near', 'lat,lng', 2).transform((p, ctx) => {
  const [lat, lng] = p as [number, number];
  if (!inLat(lat)) {
    ctx.addIssue({ code: 'custom', message: 'near latitude must be between -90 and 90 (near=lat,lng)' });
    return z.NEVER;
  }
  if (!inLng(lng)) {
    ctx.addIssue({ code: 'custom', message: 'near longitude must be between -180 and 180 (near=lat,lng)' });
    return z.NEVER;
  }
  return [lat, lng] as [number, number];
});

export const radiusKmSchema = z.coerce
  .number({ message: 'radius_km must be a number of kilometres' })
  .refine(Number.isFinite, { message: 'radius_km must be a number of kilometres' })
  .refine((n) => n > 0, { message: 'radius_km must be more than 0' })
  .refine((n) => n <= NEAR_RADIUS_MAX_KM, { message: `radius_km must be at most ${NEAR_RADIUS_MAX_KM}` });

/** near and radius_km go together. */
export const nearNeedsRadius = (q: { near?: [number, number]; radius_km?: number }, ctx: z.RefinementCtx) => {
  if (q.near && q.radius_km === undefined) {
    ctx.addIssue({ code: 'custom', path: ['radius_km'], message: 'near needs radius_km (kilometres)' });
  }
  if (!q.near && q.radius_km !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['near'], message: 'radius_km needs near=lat,lng' });
  }
};

/** How far "Flexible with Date" moves a range, in days either way (docs/product-rules: docs/product-rules.md section 16). */
export const FLEXIBLE_DAYS = 7;

/** `flexible=true|false` in a query. */
const flexibleSchema = z
  .enum(['true', 'false'], { error: 'flexible is true or false' })
  .transform((v) => v === 'true');

/** available_from and available_to go together, from before to, at most a year apart; flexible needs them. */
export const datesTogether = (
  q: { available_from?: string; available_to?: string; flexible?: boolean },
  ctx: z.RefinementCtx,
) => {
  const { available_from: from, available_to: to } = q;
  if ((from === undefined) !== (to === undefined)) {
    const missing = from === undefined ? 'available_from' : 'available_to';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'available_from and available_to go together' });
    return;
  }
  if (from === undefined || to === undefined) {
    if (q.flexible)
      ctx.addIssue({
        code: 'custom',
        path: ['flexible'],
        message: 'flexible needs available_from and available_to',
      });
    return;
  }
  if (to <= from) {
    ctx.addIssue({
      code: 'custom',
      path: ['available_to'],
      message: 'available_to (exclusive) must be after available_from',
    });
  } else if (daysBetween(from, to) > MAX_BOOKING_SPAN_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['available_to'],
      message: `A range covers at most ${MAX_BOOKING_SPAN_DAYS} days`,
    });
  }
};

/**
 * How GET /product/ may order its list besides id order (DESIGN section 22): `cpm` cheapest first, `-cpm`
 * dearest first (the daily price over the daily impressions x 1,000: a day's cost per thousand), `impressions`
 * fewest first, `-impressions` most first. Sites without an audience figure come last either way.
 */
export const PRODUCT_ORDERINGS = ['cpm', '-cpm', 'impressions', '-impressions'] as const;
export const productOrderingSchema = z.enum(PRODUCT_ORDERINGS, {
  error: `ordering is one of ${PRODUCT_ORDERINGS.join(', ')}`,
});
export type ProductOrdering = z.infer<typeof productOrderingSchema>;

/**
 * Query of GET /product/: every filter that /fetch_filter_params/ offers, search and paging.
 * category takes names or numeric ids; price is the daily price in rupees. A range of `0,0` (the client's
 * untouched default, docs/product-spec.md section 3) means no filter.
 */
export const productQuerySchema = pagingQuerySchema.extend({
  search: queryTextSchema(200, 'Search').optional(),
  category: csv.optional(),
  state: csv.optional(),
  district: csv.optional(),
  lighting: csv.optional(),
  price: range.optional(),
  impression: range.optional(),
  /** A day's CPM in rupees per thousand impressions (daily price / daily impressions x 1,000) as min,max. */
  cpm: range.optional(),
  /** Ordering besides id order; not with `near`, which lists nearest first. */
  ordering: productOrderingSchema.optional(),
  ids: idList.optional(),
  bbox: bboxSchema.optional(),
  near: nearSchema.optional(),
  radius_km: radiusKmSchema.optional(),
  /** First day (YYYY-MM-DD) the site must be free. */
  available_from: isoDateSchema.optional(),
  /** The day after the last day (exclusive, docs/product-rules.md section 3) the site must be free. */
  available_to: isoDateSchema.optional(),
  /** Also sites free for a range of the same length starting up to 7 days earlier or later. */
  flexible: flexibleSchema.optional(),
});
/** The query as validated: the shape checks above plus near/radius_km and the dates' pairing. */
export const productQueryCheckedSchema = productQuerySchema.superRefine((q, ctx) => {
  nearNeedsRadius(q, ctx);
  datesTogether(q, ctx);
  if (q.ordering && q.near) {
    ctx.addIssue({
      code: 'custom',
      path: ['ordering'],
      message: 'ordering does not combine with near, which lists the nearest sites first',
    });
  }
});
export type ProductQuery = z.infer<typeof productQuerySchema>;
export type ProductQueryInput = z.input<typeof productQuerySchema>;

export const categoryValueSchema = z.object({ id: z.number().int(), name: z.string() });

export const categoryFilterSchema = z.object({
  display_name: z.string(),
  name: z.string(),
  type: z.literal('category'),
  value_type: z.enum(['dynamic', 'static']),
  /** dynamic: {id, name}; static: plain strings. */
  values: z.array(z.union([categoryValueSchema, z.string()])),
});
export const rangeFilterSchema = z.object({
  display_name: z.string(),
  name: z.string(),
  type: z.literal('range'),
  value_type: z.literal('static'),
  values: z.array(z.never()),
  min: z.number(),
  max: z.number(),
});
export const filterDefinitionSchema = z.union([categoryFilterSchema, rangeFilterSchema]);
export type FilterDefinition = z.infer<typeof filterDefinitionSchema>;
export const filterParamsResponseSchema = z.object({ filters: z.array(filterDefinitionSchema) });
export type FilterParamsResponse = z.infer<typeof filterParamsResponseSchema>;
