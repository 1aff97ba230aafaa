import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { isIsoDate } from '../rules/dates.ts';
import { safeText } from './text.schemas.ts';

/** Largest id PostgreSQL's integer columns hold: a bigger number can never match a row. */
export const MAX_DB_ID = 2_147_483_647;

/** A calendar date YYYY-MM-DD. Year 0000 parses in JavaScript but not in PostgreSQL, so it is refused here. */
export const isoDateSchema = z
  .string()
  .refine((v) => isIsoDate(v) && !v.startsWith('0000'), { message: 'Expected a date as YYYY-MM-DD' });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) });

/** Paging of every list: `page` from 1, `page_size` 24 by default, at most 100. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/**
 * Free text from a query string (a search, a filter value): the shared text rules apply, so a NUL or a
 * direction override is a 400 naming the parameter rather than something to quietly drop.
 */
export const queryTextSchema = (max: number, label = 'Value') => safeText({ max, label });

/** The one error shape of every 4xx and 5xx (docs/product-rules.md section 4). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A page of a list: `next`/`previous` are relative URLs (keeping the filters) or null. */
export const pagedSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    payload: z.object({
      count: z.number().int(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: z.array(item),
    }),
  });
