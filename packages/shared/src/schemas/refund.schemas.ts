import { z } from 'zod';
import { refundRupeesSchema } from './ops-refunds.schemas.ts';
import { refundSummarySchema } from './order-detail.schemas.ts';
import { safeText } from './text.schemas.ts';

/*
 * Cancellation, refunds and owner statements (docs/product-rules.md section 10, docs/decisions/030). Rupees on the
 * wire, paise inside.
 */

/** POST /api/orders/{id}/cancel: the lines (all cancellable ones when absent); confirm false quotes. */
export const cancelOrderBodySchema = z.object({
  line_ids: z.array(z.number().int().positive()).min(1).max(500).optional(),
  confirm: z.boolean().default(false),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBodySchema>;

export const cancelQuoteLineSchema = z.object({
  line_id: z.number().int(),
  from_date: z.string(),
  days_before_start: z.number().int(),
  percent: z.number().int(),
  /** The line's share of what was charged (price + its GST). */
  value: z.number(),
  refund: z.number(),
  /** "50 %: 10 days before the start". */
  label: z.string(),
});

export const cancelOrderResponseSchema = z.object({
  order_id: z.number().int(),
  confirmed: z.boolean(),
  lines: z.array(cancelQuoteLineSchema),
  /** Rupees refunded (or to be refunded) for these lines. */
  total: z.number(),
  /** The refund written by a confirmed cancel that refunds something; null for a quote or a 0 % cancel. */
  refund: refundSummarySchema.nullable(),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/**
 * POST /api/ops/orders/{id}/refunds: an amount with a reason, over the lines named (decision 065): `parts`
 * gives each line's part (they add up to `amount`); else `line_ids` (every line when absent) share the
 * amount by what each has left. No line gives more than it has left.
 */
export const opsRefundBodySchema = z
  .object({
    // At least one paisa: 5e-324 is "positive" but rounds to 0 paise and would spend a credit note on nothing.
    amount: refundRupeesSchema('Amount').refine((v) => v > 0, { message: 'Amount must be at least ₹0.01' }),
    reason: safeText({ max: 500, label: 'Reason', required: true }),
    line_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500).optional(),
    parts: z
      .array(
        z.object({
          line_id: z.number().int().positive().max(2_147_483_647),
          amount: refundRupeesSchema('Part'),
        }),
      )
      .min(1)
      .max(500)
      .optional(),
  })
  .refine(
    (b) =>
      !b.parts || Math.round(b.parts.reduce((s, p) => s + p.amount * 100, 0)) === Math.round(b.amount * 100),
    { message: "The lines' parts must add up to the amount", path: ['parts'] },
  );
export type OpsRefundBody = z.infer<typeof opsRefundBodySchema>;

export const opsRefundResponseSchema = z.object({
  order_id: z.number().int(),
  refund: refundSummarySchema,
  /** Rupees paid and not yet refunded, after this refund. */
  refundable: z.number(),
});
export type OpsRefundResponse = z.infer<typeof opsRefundResponseSchema>;

/** GET /api/orders/{id}/credit-notes/{refundId}.pdf: `file` is "<refundId>.pdf". */
export const creditNoteParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  file: z
    .string()
    .regex(/^[1-9]\d{0,8}\.pdf$/, 'must be <refund id>.pdf')
    .transform((f) => Number(f.slice(0, -4))),
});

/** GET /api/partner/statements?month=YYYY-MM */
export const statementQuerySchema = z.object({
  month: z
    .string({ error: 'Month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11')
    .refine((m) => m >= '2000-01' && m <= '2999-12', 'Month is out of range'),
});

/**
 * A statement's figures, per line and in total (DESIGN 18, decision 093), in rupees, each as the line's
 * payout recorded it in the month: what moved, never a recomputation with today's settings.
 *   payout = value - refunds + gst_on_supply - commission - commission_gst - tcs - tds
 * Lines paid before the tax model (migration 0046) carry decision 047's arithmetic: the taxes are 0 and
 * the commission is what the payout kept back. A total is the sum of its lines.
 */
const statementFigures = z.object({
  /** Value excluding GST counted in this month (the payment's month). */
  value: z.number(),
  /** Refunds of this month attributed to the line, their taxable part (excluding GST). */
  refunds: z.number(),
  /** The GST on the owner's supply, which the owner charges and owes (18 %, by the site's state). */
  gst_on_supply: z.number(),
  /** The recorded commission rate of the kept value. */
  commission: z.number(),
  /** 18 % GST on the commission (the marketplace's supply to the owner). */
  commission_gst: z.number(),
  /** TCS collected under CGST Act s.52 on the net taxable value. */
  tcs: z.number(),
  /** TDS deducted under Income-tax Act s.194-O (5 % without a valid PAN). */
  tds: z.number(),
  /** What moved to the owner this month: transfers less reversals less recoveries. */
  payout: z.number(),
});

export const statementLineSchema = z.object({
  order_id: z.number().int(),
  line_id: z.number().int(),
  site: z.object({ id: z.number().int(), code: z.string().nullable(), name: z.string() }),
  campaign_name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** The line's state (scheduled ... completed, or cancelled by the buyer or an operator). */
  status: z.string(),
  /** The payment's date (IST) when the value counts in this month, else null (a refund only). */
  paid_on: z.string().nullable(),
  ...statementFigures.shape,
  /** The commission rate recorded for the line when its order was paid (a later setting never changes it). */
  commission_percent: z.number(),
});

export const statementSchema = z.object({
  month: z.string(),
  media_owner: z.object({ id: z.number().int(), company_name: z.string() }),
  /**
   * The month's commission rate as its lines recorded it at payment; null when the setting changed between
   * their payments (each line's commission_percent then says its own). See statementCommissionLabel.
   */
  commission_percent: z.number().nullable(),
  lines: z.array(statementLineSchema),
  totals: statementFigures,
});
export type Statement = z.infer<typeof statementSchema>;
