import { z } from 'zod';
import { MAX_DB_ID, pagedSchema, pagingQuerySchema, queryTextSchema } from './common.schemas.ts';

/** booking_duration keeps the form the catalogue holds it in: days, "N days" or seconds. */
export const bookingDurationSchema = z.union([z.number(), z.string()]);

export const productSchema = z.object({
  id: z.number().int(),
  /** The site code shown as "Lamp Post ID". */
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
  /** Category name. */
  category: z.string(),
  image_size: z.string().nullable(),
  image_format: z.string().nullable(),
  lighting: z.string().nullable(),
  state: z.string(),
  district: z.string(),
  city: z.string(),
  pin_code: z.string(),
  impression: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
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

/**
 * Query of GET /product/: every filter that /fetch_filter_params/ offers, search and paging.
 * category takes names or numeric ids; price is the daily price in rupees. A range of `0,0` (the client's
 * untouched default, SPEC section 3) means no filter.
 */
export const productQuerySchema = pagingQuerySchema.extend({
  search: queryTextSchema(200, 'Search').optional(),
  category: csv.optional(),
  state: csv.optional(),
  district: csv.optional(),
  lighting: csv.optional(),
  price: range.optional(),
  impression: range.optional(),
  ids: idList.optional(),
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
