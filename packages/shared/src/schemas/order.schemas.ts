import { z } from 'zod';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import { MAX_DB_ID } from './common.schemas.ts';
import { safeText } from './text.schemas.ts';

/**
 * pending_payment: sites held for 15 minutes while the buyer pays online; awaiting_payment: a cash or
 * bank-transfer order (held CASH_HOLD_HOURS); paid: the holds became bookings; partially_refunded /
 * refunded: processed refunds returned part / all of the charge; cancelled: every line cancelled (or an
 * unpaid order replaced by a newer one); expired: the hold lapsed unpaid; failed: a payment arrived after
 * the sites were taken (refunded). Read APIs answer the state the ledger gives (`orderLedger`).
 */
export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  campaign_id: z.number().int().nullable(),
  /** The campaign's name, or the site's name for a line booked on its own. */
  campaign_name: z.string(),
  from_date: z.string(),
  /** Exclusive: the booking covers [from_date, to_date). */
  to_date: z.string(),
  days: z.number().int(),
  /** Rupees: daily price x days. */
  price: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Answer of POST /booking/book. Amounts in rupees; the sites are held until expires_at. */
export const orderSchema = z.object({
  order_id: z.number().int(),
  amount: z.number(),
  status: orderStatusSchema,
  expires_at: z.string(),
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * 'online' (what the product spec's web flow sends) and 'razorpay' both mean the configured online provider.
 * 'cash' and 'bank_transfer' both await an offline payment recorded by an operator; only cash is refused
 * at ₹2,00,000 (s.269ST, `cashLimitRefusal`).
 */
export const paymentChoiceSchema = z.enum(['online', 'razorpay', 'cash', 'bank_transfer']);
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>;

export const checkoutRequestSchema = z.object({
  order_id: z.number().int().positive().max(MAX_DB_ID),
  payment: paymentChoiceSchema,
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * Answer of POST /booking/checkout. `amount` is in PAISE (what the payment window and /booking/confirm
 * take). For cash there is no provider order: razor_pay_order_id and key_id are null. `checkout_url` is
 * the sandbox checkout window (null for Razorpay and cash).
 */
export const checkoutResponseSchema = z.object({
  order_id: z.number().int(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  razor_pay_order_id: z.string().nullable(),
  key_id: z.string().nullable(),
  provider: z.enum(['razorpay', 'sandbox', 'cash']),
  expires_at: z.string(),
  checkout_url: z.string().nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** An id the payment provider made up (order_..., pay_...): compared exactly, so never trimmed. */
export const providerIdSchema = (label: string) => safeText({ max: 100, label, required: true, trim: false });

/**
 * Body of POST /booking/confirm: what the payment window's handler returns. `amount` is in PAISE, the
 * value checkout answered.
 */
export const confirmRequestSchema = z.object({
  order_id: z.number().int().positive().max(MAX_DB_ID),
  razorpay_order_id: providerIdSchema('razorpay_order_id'),
  payment_id: providerIdSchema('payment_id'),
  signature: safeText({ max: 200, label: 'signature', required: true, trim: false }),
  amount: z.number().int().nonnegative().max(1e14),
});
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

export const confirmResponseSchema = z.object({ data: z.literal('Payment Success') });

/** POST /payments/sandbox/pay: the sandbox checkout window's "Pay" (only with the sandbox provider). */
/** `token`: the order's pay token from checkout_url; only the buyer who checked out has it. */
export const sandboxPayRequestSchema = z.object({
  razor_pay_order_id: providerIdSchema('razor_pay_order_id'),
  token: safeText({ max: 200, label: 'token', required: true, trim: false }),
  /** The sandbox refuses this payment's next N refunds (0-5), as a gateway outage would: to rehearse retries. */
  refund_failures: z.number().int().min(0).max(5).optional(),
});
export const sandboxPayResponseSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type SandboxPayResponse = z.infer<typeof sandboxPayResponseSchema>;
export const sandboxCheckoutQuerySchema = z.object({
  order_id: providerIdSchema('order_id'),
  token: safeText({ max: 200, label: 'token', required: true, trim: false }),
});

/**
 * What the sandbox checkout window posts to window.opener (or window.parent when framed), to the
 * page's own origin. `paid` carries the three fields Razorpay Checkout's handler receives.
 */
export const SANDBOX_MESSAGE_SOURCE = 'ooh-sandbox-checkout';
export const sandboxCheckoutMessageSchema = z.discriminatedUnion('status', [
  z.object({
    source: z.literal(SANDBOX_MESSAGE_SOURCE),
    status: z.literal('paid'),
    razorpay_payment_id: z.string(),
    razorpay_order_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({
    source: z.literal(SANDBOX_MESSAGE_SOURCE),
    status: z.literal('failed'),
    razorpay_order_id: z.string(),
    error: z.object({ code: z.string(), description: z.string() }),
  }),
  z.object({
    source: z.literal(SANDBOX_MESSAGE_SOURCE),
    status: z.literal('dismissed'),
    razorpay_order_id: z.string(),
  }),
]);
export type SandboxCheckoutMessage = z.infer<typeof sandboxCheckoutMessageSchema>;

/** A line of My Orders: the booked line with its own state (a cancelled site says so). */
export const bookedItemSchema = orderItemSchema.extend({
  line_id: z.number().int(),
  status: z.string(),
});

/** One booked campaign of My Orders: the lines of one order that share a campaign name. */
export const bookedCampaignSchema = z.object({
  order_id: z.number().int(),
  campaign: z.object({ name: z.string() }),
  name: z.string(),
  /** Rupees: the sum of the lines, without GST (the product spec's figure). */
  price: z.number(),
  /** Rupees: these lines' share of what is (or was) charged, GST included. */
  total: z.number(),
  /** Rupees: processed refunds only (money that has left). */
  refunded: z.number(),
  /** Rupees: total less refunded; 0 while unpaid. */
  net: z.number(),
  /** The earliest start of the lines. */
  from_date: z.string(),
  /** The latest (exclusive) end of the lines. */
  to_date: z.string(),
  /** The order as the ledger reads it (never "paid" once fully refunded). */
  status: orderStatusSchema,
  payment_method: z.enum(['razorpay', 'cash']),
  /** Unpaid orders: when the hold on the sites ends (ISO); null otherwise. */
  reserved_until: z.string().nullable(),
  /** Lines not cancelled, of `items.length`. */
  live_sites: z.number().int(),
  items: z.array(bookedItemSchema),
});
export type BookedCampaign = z.infer<typeof bookedCampaignSchema>;

/**
 * GET /booked_campaigns/: upcoming starts after today (IST), completed ended by today, ongoing otherwise;
 * unpaid orders still holding their sites are always upcoming (with `reserved_until`).
 */
export const bookedCampaignsResponseSchema = z.object({
  data: z.object({
    upcoming_campaigns: z.array(bookedCampaignSchema),
    ongoing_campaigns: z.array(bookedCampaignSchema),
    completed_campaigns: z.array(bookedCampaignSchema),
  }),
});
export type BookedCampaignsResponse = z.infer<typeof bookedCampaignsResponseSchema>;
