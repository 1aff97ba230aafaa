import { z } from 'zod';
import { MAX_SITES_PER_ORDER } from '../constants.ts';
import { bookingDateItemSchema } from './booking.schemas.ts';
import { safeText } from './text.schemas.ts';

/**
 * The most lines one quotation may hold: an order's cap, since a quotation is of an order one could place.
 * Anyone may ask for one, so this also bounds the CPU one request can cost (decision 041).
 */
export const MAX_PROFORMA_LINES = MAX_SITES_PER_ORDER;

/**
 * POST /api/quotes/proforma.pdf (anyone): the cart's lines as /booking/book takes them, and optionally the
 * billing state (CGST + SGST or IGST; without it a neutral GST 18 % estimate) and a name to address it to.
 */
export const proformaRequestSchema = z.object({
  data: z
    .array(bookingDateItemSchema)
    .min(1, 'Add at least one site to the quotation')
    .max(MAX_PROFORMA_LINES, `A quotation can hold at most ${MAX_PROFORMA_LINES} lines`),
  billing_state: safeText({ max: 60, label: 'Billing state' }).optional(),
  buyer_name: safeText({ max: 200, label: 'Name' }).optional(),
});
export type ProformaRequest = z.infer<typeof proformaRequestSchema>;

/**
 * POST /api/ops/orders/{id}/mark-paid: a cash or bank-transfer payment an operator recorded. `amount` in
 * rupees must be the order's total payable (GST included); `reference` says where the money is (receipt
 * or UTR number).
 */
export const markPaidRequestSchema = z.object({
  amount: z.number().positive().max(1e12),
  reference: safeText({ max: 100, label: 'Reference', required: true }),
});
export type MarkPaidRequest = z.infer<typeof markPaidRequestSchema>;

export const markPaidResponseSchema = z.object({
  data: z.object({
    order_id: z.number().int(),
    status: z.literal('paid'),
    amount: z.number(),
    invoice_number: z.string().nullable(),
  }),
});
export type MarkPaidResponse = z.infer<typeof markPaidResponseSchema>;

/** GET /api/quotes/gst-settings: what the cart needs to show CGST + SGST or IGST before checkout. */
export const gstSettingsResponseSchema = z.object({
  company_state: z.string(),
  rate_percent: z.number(),
  sac: z.string(),
});
export type GstSettingsResponse = z.infer<typeof gstSettingsResponseSchema>;
