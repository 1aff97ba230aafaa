import { z } from 'zod';

/** GET /api/ops/overdue: paid lines whose creative or proof is overdue, most overdue first. */
export const opsOverdueLineSchema = z.object({
  line_id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(['creative', 'proof']),
  status: z.string(),
  site_name: z.string(),
  media_owner: z.string().nullable(),
  buyer_phone: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** When it was due: a date (creative) or an instant (proof), ISO 8601. */
  due: z.string(),
  days_overdue: z.number().int(),
});
export const opsOverdueResponseSchema = z.object({ lines: z.array(opsOverdueLineSchema) });
export type OpsOverdueLine = z.infer<typeof opsOverdueLineSchema>;
export type OpsOverdueResponse = z.infer<typeof opsOverdueResponseSchema>;
