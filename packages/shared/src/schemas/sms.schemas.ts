import { z } from 'zod';

/**
 * GET /api/ops/sms/undelivered (operators): the SMS that were not sent and why, newest first. Under DLT an
 * SMS whose template has no registered id is not sent in production (DESIGN section 18); a gateway that
 * kept refusing one is here too. The recipient is shown by its last four digits only.
 */
export const undeliveredSmsSchema = z.object({
  id: z.number().int(),
  template: z.string(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  recipient_last4: z.string(),
  created_at: z.string(),
});
export const undeliveredSmsResponseSchema = z.object({ results: z.array(undeliveredSmsSchema) });
export type UndeliveredSmsResponse = z.infer<typeof undeliveredSmsResponseSchema>;
