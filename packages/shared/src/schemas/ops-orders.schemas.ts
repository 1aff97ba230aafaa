import { z } from 'zod';
import { isoDateSchema, MAX_DB_ID, pagingQuerySchema, queryTextSchema } from './common.schemas.ts';
import { orderStatusSchema } from './order.schemas.ts';
import { paymentReversalSchema, refundSummarySchema } from './order-detail.schemas.ts';
import { opsPageSchema, type opsRejectBodySchema } from './partner.schemas.ts';
import { payoutStateSchema } from './payouts.schemas.ts';

/** The body of every operator rejection (media owners, sites): a required reason. */
export type OpsRejectBody = z.infer<typeof opsRejectBodySchema>;

/** Columns an operator may sort the orders by: a whitelist, never a column name taken from the request. */
export const OPS_ORDER_SORTS = ['created_at', 'total', 'status'] as const;
export type OpsOrderSort = (typeof OPS_ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const optionalId = z.coerce.number().int().positive().max(MAX_DB_ID).optional();

/**
 * GET /api/ops/orders (docs/product-rules.md sections 7 and 13): every buyer's orders. Dates are calendar days in
 * India, both ends included. `buyer` is an id or text matched against phone, name and company; `q` also
 * matches the order number and the codes of its sites.
 */
/** The stored states an operator filters by (refunded and partly refunded are read from the ledger). */
export const storedOrderStatusSchema = orderStatusSchema.exclude(['partially_refunded', 'refunded']);

export const opsOrdersQuerySchema = pagingQuerySchema
  .extend({
    status: storedOrderStatusSchema.optional(),
    created_from: isoDateSchema.optional(),
    created_to: isoDateSchema.optional(),
    media_owner_id: optionalId,
    buyer_id: optionalId,
    buyer: queryTextSchema(100, 'Buyer').optional(),
    q: queryTextSchema(100, 'Search').optional(),
    sort: z.enum(OPS_ORDER_SORTS).default('created_at'),
    direction: z.enum(SORT_DIRECTIONS).default('desc'),
  })
  .refine((v) => !v.created_from || !v.created_to || v.created_from <= v.created_to, {
    path: ['created_to'],
    message: 'The end date must not be before the start date',
  });
export type OpsOrdersQuery = z.infer<typeof opsOrdersQuerySchema>;

export const opsBuyerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
});
export type OpsBuyer = z.infer<typeof opsBuyerSchema>;

/** One row of the operator's order list. Amounts in rupees. */
export const opsOrderSummarySchema = z.object({
  id: z.number().int(),
  status: orderStatusSchema,
  payment_method: z.enum(['razorpay', 'cash']),
  total: z.number(),
  lines: z.number().int(),
  buyer: opsBuyerSchema.pick({ id: true, name: true, company: true, phone: true }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OpsOrderSummary = z.infer<typeof opsOrderSummarySchema>;
export const opsOrderPageSchema = opsPageSchema(opsOrderSummarySchema);
export type OpsOrderPage = z.infer<typeof opsOrderPageSchema>;

export const opsOrderLineSchema = z.object({
  id: z.number().int(),
  site: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    city: z.string(),
    media_owner: z.object({ id: z.number().int(), company_name: z.string() }).nullable(),
  }),
  campaign_name: z.string(),
  from_date: z.string(),
  /** Exclusive, as everywhere: the booking covers [from_date, to_date). */
  to_date: z.string(),
  days: z.number().int(),
  price: z.number(),
  /** The line's own state (scheduled ... completed, cancelled). */
  status: z.string(),
  /** The line's booking rows, newest last (held, confirmed, cancelled). */
  booking_statuses: z.array(z.string()),
  /** Rupees from the one ledger (decision 065): the line's share of the charge, processed refunds, and what is left. */
  paid: z.number(),
  refunded: z.number(),
  left: z.number(),
});
export type OpsOrderLine = z.infer<typeof opsOrderLineSchema>;

export const opsPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  status: z.string(),
  reference: z.string(),
  amount: z.number(),
  created_at: z.string(),
});
export type OpsPayment = z.infer<typeof opsPaymentSchema>;

export const opsOrderDetailSchema = opsOrderSummarySchema.omit({ buyer: true }).extend({
  buyer: opsBuyerSchema,
  currency: z.string(),
  provider: z.string().nullable(),
  provider_order_id: z.string().nullable(),
  expires_at: z.string(),
  items: z.array(opsOrderLineSchema),
  payments: z.array(opsPaymentSchema),
  /** Rupees: the order's figures from the one ledger (the buyer's order page reads the same). */
  subtotal: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** Rupees returned: processed refunds only. */
  refunded: z.number(),
  /** Rupees kept: total less refunded; 0 while unpaid. */
  net: z.number(),
  /** Every refund with its status and reason, and its credit note once numbered. */
  refunds: z.array(refundSummarySchema),
  /** Rupees a refund may still take: the sum of the lines' left (decision 065). */
  refundable: z.number(),
  /** Duplicate or late payments returned: never refunded, no credit note. */
  payment_reversals: z.array(paymentReversalSchema),
  invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetailSchema>;

/** A line's payout to its owner (decision 047), as the operator's order page shows it. Rupees. */
export const opsLinePayoutSchema = z.object({
  id: z.number().int(),
  state: payoutStateSchema,
  /** What the owner receives for the line now: share less reversals. */
  amount: z.number(),
  share: z.number(),
  reversed: z.number(),
  /** Taken back from the owner's later payouts for refunds after the release. */
  recovered: z.number(),
  released_at: z.string().nullable(),
  transfer_id: z.string().nullable(),
  utr: z.string().nullable(),
});
export type OpsLinePayout = z.infer<typeof opsLinePayoutSchema>;

/**
 * GET /api/ops/orders/{id}: the order (the orders module's part) and each line's payout (the payouts
 * module's): null where there is none (an unpaid order, a site of the marketplace's own).
 */
export const opsOrderAnswerSchema = opsOrderDetailSchema.extend({
  items: z.array(opsOrderLineSchema.extend({ payout: opsLinePayoutSchema.nullable() })),
});
export type OpsOrderAnswer = z.infer<typeof opsOrderAnswerSchema>;
export const opsOrderDetailResponseSchema = z.object({ data: opsOrderAnswerSchema });
export type OpsOrderDetailResponse = z.infer<typeof opsOrderDetailResponseSchema>;

/** GET /api/ops/audit filters (additive): the action and entity exactly, the actor by phone or user id. */
export const opsAuditQuerySchema = pagingQuerySchema.extend({
  action: queryTextSchema(100, 'Action').optional(),
  entity: queryTextSchema(100, 'Entity').optional(),
  actor: queryTextSchema(20, 'Actor').optional(),
});
export type OpsAuditQuery = z.infer<typeof opsAuditQuerySchema>;
