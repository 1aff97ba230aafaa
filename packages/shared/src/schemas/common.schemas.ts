import { z } from 'zod';
import { isIsoDate } from '../rules/dates.ts';

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'Expected a date as YYYY-MM-DD' });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The one error shape of every 4xx and 5xx (DESIGN.md section 4). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const pagedSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    payload: z.object({
      count: z.number().int(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: z.array(item),
    }),
  });
