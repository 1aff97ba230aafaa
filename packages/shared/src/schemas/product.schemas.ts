import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { pagedSchema } from './common.schemas.ts';

/** booking_duration keeps the form the catalogue holds it in: days, "N days" or seconds. */
export const bookingDurationSchema = z.union([z.number(), z.string()]);

export const productSchema = z.object({
  id: z.number().int(),
  product_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Daily price in rupees. */
  price: z.number(),
  address: z.string(),
  images: z.array(z.string()),
  unavailable_dates: z.array(z.string()),
  booking_duration: bookingDurationSchema,
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

const csv = z
  .string()
  .max(2000)
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );

const range = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const parts = s.split(',').map((v) => Number(v.trim()));
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n)) || parts[0] > parts[1]) {
      ctx.addIssue({ code: 'custom', message: 'Expected a range as min,max with min <= max' });
      return z.NEVER;
    }
    return parts as [number, number];
  });

/** Query of GET /product/: every filter that /fetch_filter_params/ offers, search and paging. */
export const productQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(200).optional(),
  category: csv.optional(),
  state: csv.optional(),
  district: csv.optional(),
  lighting: csv.optional(),
  price: range.optional(),
  impression: range.optional(),
  ids: csv.optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;
export type ProductQueryInput = z.input<typeof productQuerySchema>;

export const categoryFilterSchema = z.object({
  display_name: z.string(),
  name: z.string(),
  type: z.literal('category'),
  value_type: z.enum(['dynamic', 'static']),
  values: z.array(z.union([z.object({ id: z.number().int(), name: z.string() }), z.string()])),
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
