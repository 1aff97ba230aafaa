import { z } from 'zod';
import { AVAILABILITY_MAX_ENTRIES } from '../constants.ts';
import { isoDateSchema } from './common.schemas.ts';

export const availabilityItemSchema = z.object({
  product_id: z.number().int().positive().max(2_147_483_647),
  from_date: isoDateSchema,
  to_date: isoDateSchema,
});
export type AvailabilityItem = z.infer<typeof availabilityItemSchema>;

export const availabilityRequestSchema = z
  .array(availabilityItemSchema)
  .min(1)
  .max(AVAILABILITY_MAX_ENTRIES)
  .refine((items) => items.every((i) => i.from_date < i.to_date), {
    message: 'Each to_date must be after its from_date',
  });

export const availabilityResultSchema = z.object({ product_id: z.number().int(), status: z.boolean() });
export type AvailabilityResult = z.infer<typeof availabilityResultSchema>;
/** Answer of POST /booking/booking_availability_check_multiple, sorted by product_id (SPEC section 4). */
export const availabilityResponseSchema = z.object({ data: z.array(availabilityResultSchema) });
