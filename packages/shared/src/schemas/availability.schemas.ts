import { z } from 'zod';
import { AVAILABILITY_MAX_ENTRIES } from '../constants.ts';
import { CALENDAR_MONTHS_MAX, DAY_STATES } from '../rules/availability-calendar.ts';
import { isoDateSchema, MAX_DB_ID } from './common.schemas.ts';

/** product_id is the product's numeric id (docs/product-rules.md section 4), not its site code. */
export const availabilityItemSchema = z.object({
  product_id: z.number().int().positive().max(MAX_DB_ID),
  from_date: isoDateSchema,
  to_date: isoDateSchema,
});
export type AvailabilityItem = z.infer<typeof availabilityItemSchema>;

/** Body of POST /booking/booking_availability_check_multiple: 1 to 200 ranges [from_date, to_date). */
export const availabilityRequestSchema = z
  .array(availabilityItemSchema)
  .min(1)
  .max(AVAILABILITY_MAX_ENTRIES)
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      if (!(item.from_date < item.to_date)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'to_date'],
          message: 'to_date must be after from_date',
        });
      }
    });
  });

export const availabilityResultSchema = z.object({ product_id: z.number().int(), status: z.boolean() });
export type AvailabilityResult = z.infer<typeof availabilityResultSchema>;
/** Answer of POST /booking/booking_availability_check_multiple, sorted by product_id (docs/product-spec.md section 4). */
export const availabilityResponseSchema = z.object({ data: z.array(availabilityResultSchema) });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** Query of GET /product/{id}/availability: how many months from today (1 to 12, 12 by default). */
export const productAvailabilityQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'months is a whole number from 1 to 12' })
    .int({ error: 'months is a whole number from 1 to 12' })
    .min(1, { error: 'months is a whole number from 1 to 12' })
    .max(CALENDAR_MONTHS_MAX, { error: 'months is a whole number from 1 to 12' })
    .default(CALENDAR_MONTHS_MAX),
});
export type ProductAvailabilityQuery = z.infer<typeof productAvailabilityQuerySchema>;

export const calendarDaySchema = z.object({ date: isoDateSchema, state: z.enum(DAY_STATES) });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** Answer of GET /product/{id}/availability: every day from today (IST) for the months asked, in order. */
export const productAvailabilitySchema = z.object({ days: z.array(calendarDaySchema) });
export type ProductAvailability = z.infer<typeof productAvailabilitySchema>;
