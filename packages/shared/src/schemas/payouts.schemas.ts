import { z } from 'zod';
import { PAYOUT_STATES } from '../constants.ts';
import { safeText } from './text.schemas.ts';

/*
 * Payouts released by verified proof (docs/product-rules.md, "Payouts"; decision 047).
 * Each paid order line owes its media owner a share (line value less commission, the statements' rule,
 * to the paisa). That share is a transfer on hold with the payment provider until the line's proof is
 * accepted: a Verified proof releases it, an Unverified one waits for an operator. A refund before
 * release reverses (reduces) the transfer; after release it is recovered from the owner's next payouts.
 *
 * The contract: GET /api/partner/payouts (member), GET /api/ops/payouts (operator),
 * POST /api/ops/payouts/{id}/release, /hold (operator, with a reason, audited),
 * POST /api/ops/payouts/{id}/accept-proof, /reject-proof (operator, with a reason, audited),
 * POST /api/payments/transfers/webhook (provider, signed).
 */

export const payoutStateSchema = z.enum(PAYOUT_STATES);
export type PayoutState = z.infer<typeof payoutStateSchema>;

/** Why a held payout is held: the owner and the operator read the same words. */
export const PAYOUT_HOLD_REASONS = [
  'awaiting_proof', // no proof posted yet
  'proof_unverified', // a proof is posted but the checks could not verify it: an operator decides
  'proof_rejected', // an operator rejected the proof; a new proof is needed
  'operator_hold', // an operator holds it (reason in `reason`)
  'not_started', // the line's dates have not begun
  'owner_suspended', // the owner is suspended: held until reinstatement (DESIGN 7), an accepted proof kept
] as const;
export const payoutHoldReasonSchema = z.enum(PAYOUT_HOLD_REASONS);

export const payoutRowSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  line_id: z.number().int(),
  media_owner_id: z.number().int(),
  media_owner_name: z.string(),
  site_id: z.number().int(),
  site_code: z.string().nullable(),
  site_name: z.string(),
  /** The line's first and last day shown (YYYY-MM-DD, inclusive). */
  first_day: z.string(),
  last_day: z.string(),
  state: payoutStateSchema,
  /** Rupees: the owner's share as first computed (line value less commission). */
  share: z.number(),
  /** Rupees reversed before release (refunds, cancellation): share - reversed is what can be paid. */
  reversed: z.number(),
  /** Rupees the owner receives for this line now (share - reversed); 0 when reversed in full. */
  amount: z.number(),
  /** Rupees recovered from later payouts for a refund after release (shown as a negative line). */
  recovered: z.number(),
  /** For a held payout: why. Null otherwise. */
  hold_reason: payoutHoldReasonSchema.nullable(),
  /** Free text from an operator's hold, release, accept or reject. */
  reason: z.string().nullable(),
  /** No accepted proof 48 hours after the line's start: operators are told; the money stays held. */
  flagged: z.boolean(),
  /** The provider's transfer id (trf_...) and, when known, the bank's UTR. */
  transfer_id: z.string().nullable(),
  utr: z.string().nullable(),
  released_at: z.string().nullable(),
  created_at: z.string(),
  /**
   * Operators only (null for owners): the provider's last word on this payout's transfer that needs a
   * person, e.g. a transfer.failed that arrived after the transfer was processed (nothing was sent again).
   */
  provider_note: z.string().nullable(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

/** A negative line: money taken back from a later payout for a refund after release. */
export const payoutRecoverySchema = z.object({
  id: z.number().int(),
  payout_id: z.number().int(),
  order_id: z.number().int(),
  line_id: z.number().int(),
  /** Rupees, positive; shown negative. */
  amount: z.number(),
  /** The month (YYYY-MM, India time) its refund was processed: it belongs to that month's statement. */
  month: z.string(),
  created_at: z.string(),
});
export type PayoutRecovery = z.infer<typeof payoutRecoverySchema>;

export const payoutTotalsSchema = z.object({
  held: z.number(),
  released: z.number(),
  reversed: z.number(),
  recovered: z.number(),
  /** released - recovered: what has reached (or will reach) the owner's bank. */
  net_paid: z.number(),
});
export type PayoutTotals = z.infer<typeof payoutTotalsSchema>;

export const payoutsQuerySchema = z.object({
  state: payoutStateSchema.optional(),
  /** YYYY-MM: lines whose payout belongs to that month (created, or the recovery's refund month). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .optional(),
  flagged: z.enum(['true', 'false']).optional(),
  /** Operators only: one owner. */
  media_owner_id: z.coerce.number().int().positive().optional(),
  /** Operators only: payouts waiting on a proof decision (Unverified proof). */
  awaiting_decision: z.enum(['true', 'false']).optional(),
});
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const payoutsResponseSchema = z.object({
  payouts: z.array(payoutRowSchema),
  recoveries: z.array(payoutRecoverySchema),
  totals: payoutTotalsSchema,
  /** The owner's linked account with the provider (null for the operator's all-owner view). */
  linked_account: z
    .object({
      status: z.enum(['pending', 'active', 'needs_clarification', 'suspended']),
      account_id: z.string().nullable(),
      /** Bank account shown masked: •••• 1234. */
      bank_account_last4: z.string().nullable(),
    })
    .nullable(),
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const payoutActionBodySchema = z.object({
  reason: safeText({ max: 500, label: 'Reason', required: true }),
});
export type PayoutActionBody = z.infer<typeof payoutActionBodySchema>;

export const payoutActionResponseSchema = z.object({ payout: payoutRowSchema });
export type PayoutActionResponse = z.infer<typeof payoutActionResponseSchema>;
