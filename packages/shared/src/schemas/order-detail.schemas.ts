import { z } from 'zod';
import { ORDER_LINE_STATUSES } from '../rules/order-line-status.ts';
import { audienceSchema } from './audience.schemas.ts';
import { campaignFiguresSchema } from './campaign.schemas.ts';
import { orderStatusSchema } from './order.schemas.ts';
import { payoutStateSchema } from './payouts.schemas.ts';
import { priceLineSchema } from './pricing.schemas.ts';

/*
 * GET /api/orders/{id} (docs/product-rules.md sections 9-10, 13): the buyer's order after payment. Amounts are
 * rupees (numbers, paise as decimals); dates YYYY-MM-DD (to_date exclusive, as everywhere); times ISO.
 * Operators and the line's media owner see the same shapes for creatives and proofs.
 */

export const orderLineStatusSchema = z.enum(ORDER_LINE_STATUSES);

export const orderLineEventSchema = z.object({
  status: orderLineStatusSchema,
  at: z.string(),
  /** A rejection reason, a cancellation's refund, ... (null when the status says it all). */
  note: z.string().nullable(),
});
export type OrderLineEvent = z.infer<typeof orderLineEventSchema>;

export const creativeStatusSchema = z.enum(['submitted', 'approved', 'rejected']);

export const creativeSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** Private: served only to the buyer, the site's media owner and operators. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  aspect_warning: z.string().nullable(),
  status: creativeStatusSchema,
  rejection_reason: z.string().nullable(),
  uploaded_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Creative = z.infer<typeof creativeSchema>;

/** Why a proof is Unverified (docs/product-rules.md section 9). */
export const proofReasonCodeSchema = z.enum([
  'no_position',
  'too_far',
  'no_time',
  'outside_dates',
  'duplicate',
]);
export type ProofReasonCode = z.infer<typeof proofReasonCodeSchema>;

export const proofSchema = z.object({
  id: z.number().int(),
  /** The display copy (resized, metadata stripped). */
  image_url: z.string(),
  /** EXIF time, ISO with offset; shown in IST. */
  taken_at: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance_m: z.number().int().nullable(),
  /** The camera the photo's EXIF names (Make and Model), shown as a hint; null when it names none. */
  camera: z.string().nullable(),
  /**
   * The photo carried no EXIF at all, as photos sent through a messaging app do: a hint that it was passed
   * on rather than taken on the spot, never a verdict (it does not change `verified`).
   */
  exif_stripped: z.boolean(),
  verified: z.boolean(),
  reasons: z.array(z.object({ code: proofReasonCodeSchema, message: z.string() })),
  uploaded_at: z.string(),
});
export type Proof = z.infer<typeof proofSchema>;

export const orderLineDetailSchema = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    /** The site's code (e.g. MUM-0042): sites share names, codes tell them apart. */
    code: z.string(),
    name: z.string(),
    city: z.string(),
    address: z.string(),
    image: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    width_ft: z.number().nullable(),
    height_ft: z.number().nullable(),
  }),
  campaign_name: z.string(),
  from_date: z.string(),
  /** Exclusive. */
  to_date: z.string(),
  /** The first and the last day people read (last_day = to_date - 1). */
  first_day: z.string(),
  last_day: z.string(),
  days: z.number().int(),
  price: z.number(),
  /** How the price was reached when the line was placed (decision 081); empty for lines placed before rate cards. */
  price_lines: z.array(priceLineSchema),
  /** `held` while the order is unpaid: an unpaid line is never "Booked". */
  status: z.union([orderLineStatusSchema, z.literal('held')]),
  /**
   * An operator took the line's site down while the line was still to run (docs/product-rules.md section 7):
   * the booking is not lost; an operator keeps it, moves it to another site or cancels it with a full refund.
   */
  site_taken_down: z.boolean(),
  timeline: z.array(orderLineEventSchema),
  /** The last day to upload the artwork: 3 days before the start. */
  creative_due_date: z.string(),
  creative: creativeSchema.nullable(),
  proofs: z.array(proofSchema),
  can_upload_creative: z.boolean(),
  cancellable: z.boolean(),
  /**
   * The owner's payout for the line (decision 047), when the line has one: `held` until the proof is
   * verified or accepted ("the owner is paid after the proof is verified"), then `released`; `reversed`
   * when refunded before release, `recovered` after, `failed` while the provider refuses it.
   */
  payout_state: payoutStateSchema.optional(),
  /**
   * The site's audience figure as it was when the line was booked (decision 091): the order's figures and
   * its report read this, never the site's figure now. Null with `audience_recorded` false: the line was
   * booked before figures were kept ("not recorded at booking"); null with true: the site had no figure.
   */
  audience_recorded: z.boolean(),
  audience_at_booking: audienceSchema.nullable(),
  /** The line's share of the charge, its processed refunds, and what a refund may still take (decision 065). */
  paid: z.number(),
  refunded: z.number(),
  left: z.number(),
});
export type OrderLineDetail = z.infer<typeof orderLineDetailSchema>;

/** A refund's part for one line (decision 065): rupees with GST, at most what the line had left. */
export const refundPartSchema = z.object({ line_id: z.number().int(), amount: z.number() });
export type RefundPartView = z.infer<typeof refundPartSchema>;

/** A duplicate or late payment returned (decision 065): its own kind, never a refund of the order. */
export const paymentReversalSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type PaymentReversal = z.infer<typeof paymentReversalSchema>;

export const refundSummarySchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  kind: z.enum(['buyer_cancellation', 'operator', 'late_payment']),
  /** `in_flight`: being sent to the provider; it cannot be abandoned until the provider answers. */
  status: z.enum(['pending', 'in_flight', 'processed', 'failed', 'abandoned']),
  line_ids: z.array(z.number().int()),
  /** What the refund returns for each line it names (never a line it does not name). */
  parts: z.array(refundPartSchema),
  created_at: z.string(),
  credit_note_number: z.string().nullable(),
  credit_note_url: z.string().nullable(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

export const orderDetailSchema = z.object({
  order_id: z.number().int(),
  /** The order as the ledger reads it (docs/product-rules.md section 14 states). */
  status: orderStatusSchema,
  payment_method: z.enum(['razorpay', 'cash']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Sum of the lines without GST. */
  subtotal: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** What was charged: subtotal + taxes. */
  total: z.number(),
  place_of_supply: z.string().nullable(),
  invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
  /**
   * Booked by an agency for a client (decision 092): whom the invoice bills ("Acme Foods, through Rao
   * Media" or "Rao Media, for client Acme Foods") and the client's PO number; null otherwise.
   */
  billed_to: z.string().nullable().optional(),
  po_number: z.string().nullable().optional(),
  /** The post-campaign report PDF (decision 091) once a paid line has completed; null before. */
  report_url: z.string().nullable(),
  refunds: z.array(refundSummarySchema),
  /**
   * Duplicate or late payments returned (decision 065): money that was never the order's, so never
   * counted as refunded, without a credit note.
   */
  payment_reversals: z.array(paymentReversalSchema),
  /** Rupees paid and not yet refunded (pending and retried refunds hold their share). */
  refundable: z.number(),
  /** Rupees returned: processed refunds only. */
  refunded: z.number(),
  /** Rupees kept: total less refunded; 0 while unpaid. */
  net: z.number(),
  /** Unpaid orders: the amount to pay (GST included) and until when the sites are held. */
  amount_due: z.number(),
  reserved_until: z.string().nullable(),
  /** Lines not cancelled. */
  live_lines: z.number().int(),
  lines: z.array(orderLineDetailSchema),
  /**
   * The plan figures of the lines not cancelled (decision 089): impressions over each line's booked days
   * at its site's current audience figure, CPM over the booked prices before GST, reach and frequency
   * estimates of docs/audience-model.md.
   */
  figures: campaignFiguresSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
