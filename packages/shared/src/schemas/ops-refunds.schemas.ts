import { z } from 'zod';
import { refundSummarySchema } from './order-detail.schemas.ts';
import { safeText } from './text.schemas.ts';

/*
 * Refunds that need an operator (docs/decisions/036-order-ledger.md): GET /api/ops/refunds?status=failed
 * lists them, POST /api/ops/refunds/{id}/abandon gives one up (audited; only then it stops holding its
 * share of what can still be refunded).
 */

export const REFUND_STATUSES = ['pending', 'in_flight', 'processed', 'failed', 'abandoned'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);

export const opsRefundsQuerySchema = z.object({ status: refundStatusSchema.optional() });

export const opsRefundRowSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** Rupees, GST included. */
  amount: z.number(),
  reason: z.string(),
  kind: z.enum(['buyer_cancellation', 'operator', 'late_payment']),
  status: refundStatusSchema,
  /** Times the provider was asked and refused. */
  attempts: z.number().int(),
  /** When the job queue asks the provider again; null once it has given up (then it needs an operator). */
  next_attempt_at: z.string().nullable(),
  /** The provider's last refusal, in its words. */
  last_error: z.string().nullable(),
  /** Failed and no retry left: an operator decides (pay it another way and abandon it, or wait). */
  needs_action: z.boolean(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  credit_note_number: z.string().nullable(),
  abandon_reason: z.string().nullable(),
});
export type OpsRefundRow = z.infer<typeof opsRefundRowSchema>;

export const opsRefundsResponseSchema = z.object({ refunds: z.array(opsRefundRowSchema) });
export type OpsRefundsResponse = z.infer<typeof opsRefundsResponseSchema>;

export const abandonRefundBodySchema = z.object({
  reason: safeText({ max: 500, label: 'Reason', required: true }),
});
export type AbandonRefundBody = z.infer<typeof abandonRefundBodySchema>;

/**
 * Rupees of a refund, GST included: 0 or at least one paisa, at most two decimals. A positive amount
 * below a paisa (5e-324) rounds to 0 paise and is refused: it would spend a credit note on nothing.
 */
export const refundRupeesSchema = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000_000, `${label} is too large`)
    .refine((v) => v === 0 || v >= 0.01, { message: `${label} must be 0 or at least ₹0.01 (one paisa)` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${label} has at most two decimals (paise)`,
    });

/** POST /api/ops/orders/{id}/lines/{lineId}/cancel: a reason, and the refund in rupees with GST (0: none). */
export const opsLineCancelBodySchema = z.object({
  reason: safeText({ max: 500, label: 'Reason', required: true }),
  refund: refundRupeesSchema('Refund').optional(),
});
export type OpsLineCancelBody = z.infer<typeof opsLineCancelBodySchema>;

export const opsLineCancelResponseSchema = z.object({
  order_id: z.number().int(),
  line_id: z.number().int(),
  status: z.literal('cancelled'),
  /** The refund written (processed for cash orders, else as the provider answered); null for 0. */
  refund: refundSummarySchema.nullable(),
  /** Rupees paid and not yet refunded or owed, after this. */
  refundable: z.number(),
});
export type OpsLineCancelResponse = z.infer<typeof opsLineCancelResponseSchema>;
