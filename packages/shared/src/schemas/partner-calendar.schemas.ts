import { z } from 'zod';
import { idParamSchema, isoDateSchema, pagingQuerySchema } from './common.schemas.ts';
import { siteBlockSchema } from './site.schemas.ts';

/**
 * The media owner's calendar, blocks and bookings list (docs/product-rules.md sections 8 and 13). Dates are IST
 * calendar dates. Blocks are typed with an inclusive last day (what an owner means by "5 to 12 Dec");
 * they are stored as the half-open range [from, to + 1) like every booking.
 */

/** How far ahead an owner may block: today (IST) up to this many days. */
export const BLOCK_WINDOW_DAYS = 365;
/** The longest single block, in days (inclusive of both ends). */
export const BLOCK_MAX_SPAN_DAYS = 365;

export const siteBlockParamsSchema = z.object({
  id: idParamSchema.shape.id,
  blockId: idParamSchema.shape.id,
});

export const siteBlockResponseSchema = z.object({ data: siteBlockSchema });
export const siteBlockListSchema = z.object({ data: z.array(siteBlockSchema) });

/** error.code of a block refused because something already occupies the dates (409). */
export const DATES_TAKEN = 'dates_taken';

/** A month as YYYY-MM, between 2000 and 2099. */
export const monthSchema = z
  .string()
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM, e.g. 2026-12');

/** The whole-owner view pages its sites: at most 100 sites (and their month) per answer. */
export const CALENDAR_SITES_PAGE_MAX = 100;
export const CALENDAR_SITES_PAGE_DEFAULT = 50;

export const partnerCalendarQuerySchema = z.object({
  month: monthSchema,
  site_id: idParamSchema.shape.id.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(CALENDAR_SITES_PAGE_MAX).default(CALENDAR_SITES_PAGE_DEFAULT),
});
export type PartnerCalendarQuery = z.infer<typeof partnerCalendarQuerySchema>;

export const CALENDAR_ENTRY_KINDS = ['booking', 'hold', 'block'] as const;
export type CalendarEntryKind = (typeof CALENDAR_ENTRY_KINDS)[number];

export const calendarEntrySchema = z.object({
  kind: z.enum(CALENDAR_ENTRY_KINDS),
  /** The bookings row's id; for a block, the id DELETE .../blocks/{blockId} takes. */
  id: z.number().int(),
  site_id: z.number().int(),
  /** First occupied day. */
  start_date: isoDateSchema,
  /** Last occupied day (inclusive). The entry may run outside the month asked for. */
  end_date: isoDateSchema,
  /** "Order #12 · Acme Pvt Ltd" for a booking, "Held until 14:05" (IST) for a hold, the reason for a block. */
  label: z.string(),
  order_id: z.number().int().nullable(),
  /** A hold's end (ISO timestamp); null otherwise. */
  hold_expires_at: z.string().nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarSiteSchema = z.object({
  id: z.number().int(),
  /** The site code ("Lamp Post ID"). */
  product_id: z.string(),
  name: z.string(),
  status: z.string(),
});
export type CalendarSite = z.infer<typeof calendarSiteSchema>;

export const partnerCalendarSchema = z.object({
  month: z.string(),
  /** The month's first day and the first day after it. */
  from_date: isoDateSchema,
  to_date: isoDateSchema,
  /** The owner's sites in this answer (one with site_id; else a page of them, in id order). */
  sites: z.array(calendarSiteSchema),
  /** How many sites the owner has in all (the whole-owner view pages them). */
  sites_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  entries: z.array(calendarEntrySchema),
});
export type PartnerCalendar = z.infer<typeof partnerCalendarSchema>;
export const partnerCalendarResponseSchema = z.object({ data: partnerCalendarSchema });

/**
 * A paid line's place in time: not started, running, or over (IST); or cancelled (by the buyer or an
 * operator), whatever its dates: a cancelled line is never upcoming work (docs/product-rules.md section 14).
 */
export const PARTNER_BOOKING_STATUSES = ['upcoming', 'running', 'completed', 'cancelled'] as const;
export type PartnerBookingStatus = (typeof PARTNER_BOOKING_STATUSES)[number];

export const partnerBookingsQuerySchema = pagingQuerySchema.extend({
  site_id: idParamSchema.shape.id.optional(),
  /** Lines that run on any day of [from, to] (both inclusive). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  status: z.enum(PARTNER_BOOKING_STATUSES).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type PartnerBookingsQuery = z.infer<typeof partnerBookingsQuerySchema>;

/** The CSV export holds at most this many lines; narrow the filters for more. */
export const PARTNER_BOOKINGS_CSV_MAX = 10_000;

export const partnerBookingSchema = z.object({
  /** The order line (one site, one range). */
  line_id: z.number().int(),
  order_id: z.number().int(),
  site_id: z.number().int(),
  site_code: z.string(),
  site_name: z.string(),
  /** The buyer's company (or their name when they gave none); never a phone number or an email. */
  buyer_company: z.string(),
  buyer_name: z.string(),
  /** As the order has them: [from_date, to_date), days = to_date - from_date. */
  from_date: isoDateSchema,
  to_date: isoDateSchema,
  days: z.number().int(),
  /** The line's price in rupees, without GST. */
  amount: z.number(),
  status: z.enum(PARTNER_BOOKING_STATUSES),
  paid_at: z.string().nullable(),
  /**
   * Kept but refunded in full to the buyer (DESIGN 14, decision 065): "refunded, do not mount" - the
   * owner's payout for it is reversed, so the owner must not mount it.
   */
  refunded_in_full: z.boolean(),
});
export type PartnerBooking = z.infer<typeof partnerBookingSchema>;

/**
 * A buyer's live hold (option, decision 082) on one of the owner's sites: dates kept free of charge, not
 * paid, which end at `expires_at` unless the buyer books them (decision 084). The holder is not named: a
 * buyer's details reach the owner with a paid booking.
 */
export const partnerHoldSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_code: z.string(),
  site_name: z.string(),
  from_date: isoDateSchema,
  to_date: isoDateSchema,
  days: z.number().int(),
  expires_at: z.string(),
  /** Another buyer asked for these dates: the holder has until expires_at to book or release. */
  requested: z.boolean(),
});
export type PartnerHold = z.infer<typeof partnerHoldSchema>;

/** At most this many live holds ride along with a page of bookings (a buyer holds at most 20 sites). */
export const PARTNER_HOLDS_MAX = 200;

export const partnerBookingPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(partnerBookingSchema),
  /**
   * The live holds on the owner's sites matching the site and date filters, soonest first, apart from the
   * paid lines and never paged; empty when the status filter asks for other than upcoming lines.
   */
  holds: z.array(partnerHoldSchema),
});
export type PartnerBookingPage = z.infer<typeof partnerBookingPageSchema>;
