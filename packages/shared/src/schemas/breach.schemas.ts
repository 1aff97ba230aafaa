import { z } from 'zod';
import { safeMultilineText } from './text.schemas.ts';

/** A moment as ISO 8601 with its offset ("2026-12-01T18:45:00+05:30"), which a form in IST sends. */
const moment = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}: a date and time such as 2026-12-01T18:45:00+05:30` })
    // The register began with the DPDP Act; a year 0000 would not even be a PostgreSQL date.
    .refine((v) => Number(v.slice(0, 4)) >= 2023, `${label}: a date from 2023 on`);

const text = (label: string, max: number, required = true) => safeMultilineText({ max, label, required });

/**
 * POST /api/ops/breaches: a personal data breach as the operator first records it (DPDP Rules 2025 rule
 * 7(1): its description, nature, extent, timing and location, and its likely impact).
 */
export const breachCreateBodySchema = z.object({
  discovered_at: moment('When it became known'),
  occurred_at: moment('When it happened').nullable().optional(),
  nature: text('What happened', 4000),
  extent: text('Which data and whose', 4000),
  people_affected: z
    .number('People affected: a whole number')
    .int('People affected: a whole number')
    .min(0, 'People affected cannot be negative')
    .max(1_000_000_000, 'People affected: at most 1,000,000,000'),
  likely_impact: text('Likely impact', 4000),
  measures: text('Measures taken', 4000, false).optional(),
});
export type BreachCreateBody = z.infer<typeof breachCreateBodySchema>;

/** PATCH /api/ops/breaches/{id}: the steps as they are taken; a step once recorded is never undone. */
export const breachUpdateBodySchema = z
  .object({
    board_told_at: moment('Board told at').optional(),
    people_told_at: moment('People told at').optional(),
    report_sent_at: moment('Report sent at').optional(),
    closed_at: moment('Closed at').optional(),
    measures: text('Measures taken', 4000, false).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send at least one step or the measures taken');
export type BreachUpdateBody = z.infer<typeof breachUpdateBodySchema>;

export const breachSchema = z.object({
  id: z.number().int(),
  discovered_at: z.string(),
  occurred_at: z.string().nullable(),
  nature: z.string(),
  extent: z.string(),
  people_affected: z.number().int(),
  likely_impact: z.string(),
  measures: z.string(),
  board_told_at: z.string().nullable(),
  people_told_at: z.string().nullable(),
  report_sent_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** 72 hours after discovered_at (legal/breach-rules.ts). */
  report_due_at: z.string(),
  next_step: z.enum(['tell_board', 'tell_people', 'send_report', 'close', 'done']),
  /** The operator's user id (their number stays in the audit log's actor). */
  recorded_by: z.number().int(),
  created_at: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;

export const breachResponseSchema = z.object({ data: breachSchema });
export const breachListResponseSchema = z.object({ results: z.array(breachSchema) });
export type BreachListResponse = z.infer<typeof breachListResponseSchema>;
