import { z } from 'zod';
import { AVAILABILITY_MAX_ENTRIES } from '../constants.ts';
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
