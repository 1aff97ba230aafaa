import { z } from 'zod';
import { AVAILABILITY_MAX_ENTRIES, MAX_SITES_PER_ORDER } from '../constants.ts';
import { isoDateSchema, MAX_DB_ID } from './common.schemas.ts';
import { priceLineSchema } from './pricing.schemas.ts';
import { safeText } from './text.schemas.ts';

/**
 * One cart line as the product spec sends it (docs/product-spec.md section 3, "Booking date item"): the half-open range
 * [from_date, to_date) of one site. product_id is the product's numeric id (docs/product-rules.md section 4).
 */
export const bookingDateItemSchema = z.object({
  from_date: isoDateSchema,
  to_date: isoDateSchema,
  product_id: z.number().int().positive().max(MAX_DB_ID),
  campaign_id: z.number().int().positive().max(MAX_DB_ID).nullable().optional(),
  customized: z.boolean().optional(),
});
export type BookingDateItem = z.infer<typeof bookingDateItemSchema>;

export const bookingDateItemsSchema = z.array(bookingDateItemSchema).min(1).max(AVAILABILITY_MAX_ENTRIES);

/** Body of POST /booking/validate: the cart's lines. */
export const bookingValidateRequestSchema = bookingDateItemsSchema;

/**
 * Why a line cannot be booked: a date rule of docs/product-rules.md section 3, a taken site, an unknown id, or a site
 * that is not listed to buyers right now (paused by its owner, or not yet approved: `not_listed`).
 */
export const unavailableReasonSchema = z.enum([
  'booked',
  // Only another buyer's hold (option, decision 082) stands in the way: free again at `held_until` unless
  // its holder books it; the buyer can ask for the dates on the site's page (decision 084).
  'on_hold',
  'overlaps_cart_item',
  'not_found',
  'not_listed',
  'campaign_not_found',
  'invalid_date',
  'start_too_soon',
  'end_before_start',
  'shorter_than_minimum',
  'longer_than_a_year',
]);
export type UnavailableReason = z.infer<typeof unavailableReasonSchema>;

export const unavailableItemSchema = z.object({
  product_id: z.number().int(),
  /** The site's name; null when no such site exists. */
  name: z.string().nullable(),
  from_date: z.string(),
  to_date: z.string(),
  reason: unavailableReasonSchema,
  /** A sentence a person can read. */
  message: z.string(),
  /** With `on_hold`: when the last hold in the way ends unless booked (ISO timestamp). */
  held_until: z.string().optional(),
});
export type UnavailableItem = z.infer<typeof unavailableItemSchema>;

/**
 * `status` true when every line can be booked; otherwise `unavailable` names each problem line. At the top
 * level of the body, as SPEC section 7 has clients read it (`data.status` of the HTTP client's response).
 */
export const bookingValidateResponseSchema = z.object({
  status: z.boolean(),
  unavailable: z.array(unavailableItemSchema).optional(),
  /**
   * With status true: each line's price in rupees before GST, in the order given, as /booking/book will
   * charge it (the rate cards and their owners' rules, decision 081), and their total, the `amount` to send.
   */
  prices: z.array(z.number()).optional(),
  /** With status true: how each of those prices was reached (base rate, seasons, discount), in the same order. */
  price_lines: z.array(z.array(priceLineSchema)).optional(),
  amount: z.number().optional(),
});
export type BookingValidateResponse = z.infer<typeof bookingValidateResponseSchema>;

/**
 * Body of POST /booking/book. `amount` is the total in rupees the client displayed; the server recomputes
 * it and refuses (409 price_changed) when it differs, so nobody is charged a price they did not see.
 */
export const bookRequestSchema = z.object({
  amount: z.number().nonnegative().max(1e12),
  /** An agency's planner booking for one of its clients (decision 092); billed as the client says. */
  client_id: z.number().int().positive().max(2_147_483_647).optional(),
  /** The client's purchase order number, printed on the invoices. */
  po_number: safeText({ label: 'PO number', max: 40 }).optional(),
  data: z
    .array(bookingDateItemSchema)
    .min(1)
    .max(
      MAX_SITES_PER_ORDER,
      `An order can hold at most ${MAX_SITES_PER_ORDER} sites. Please split it into smaller orders.`,
    ),
});
export type BookRequest = z.infer<typeof bookRequestSchema>;
