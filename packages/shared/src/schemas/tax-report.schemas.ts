import { z } from 'zod';

/*
 * The operator's tax reports (DESIGN 18 and 22, decision 093): TCS per owner per month in the shape of
 * GSTR-8 (CGST Act s.52) and TDS per owner per quarter (Income-tax Act s.194-O), each read from what the
 * payouts recorded when the money moved. Amounts in rupees with paise.
 */

/** GET /api/ops/tax/tcs?month=YYYY-MM */
export const tcsReportQuerySchema = z.object({
  month: z
    .string({ error: 'Month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11')
    .refine((m) => m >= '2000-01' && m <= '2999-12', 'Month is out of range'),
});

/**
 * GET /api/ops/tax/tds?quarter=YYYY-Qn: a quarter of the financial year that starts in April of YYYY (Q1
 * April-June, Q2 July-September, Q3 October-December, Q4 January-March of YYYY + 1), as Form 26Q counts.
 */
export const tdsReportQuerySchema = z.object({
  quarter: z
    .string({ error: 'Quarter is required' })
    .regex(/^\d{4}-Q[1-4]$/, 'Quarter must look like 2026-Q3 (October to December 2026)')
    .refine((q) => q >= '2000' && q <= '2999', 'Quarter is out of range'),
});

const owner = z.object({ id: z.number().int(), company_name: z.string() });

const tcsFigures = z.object({
  /** Taxable value of the owner's supplies paid in the month. */
  gross_supplies: z.number(),
  /** Taxable value of the month's refunds of the owner's supplies. */
  returns: z.number(),
  /** gross_supplies - returns: what TCS is collected on. */
  net_taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
});

export const tcsReportSchema = z.object({
  month: z.string(),
  /** The marketplace's GSTIN as e-commerce operator (the return's filer). */
  operator_gstin: z.string(),
  rows: z.array(tcsFigures.extend({ media_owner: owner, gstin: z.string() })),
  totals: tcsFigures,
});
export type TcsReport = z.infer<typeof tcsReportSchema>;

const tdsFigures = z.object({
  /** The amount credited to the owner excluding GST (gross less the quarter's refunds). */
  amount_credited: z.number(),
  tds: z.number(),
});

export const tdsReportSchema = z.object({
  quarter: z.string(),
  /** The quarter's first and last day (IST). */
  from: z.string(),
  to: z.string(),
  rows: z.array(
    tdsFigures.extend({
      media_owner: owner,
      pan: z.string(),
      /** False: no valid PAN was furnished and TDS is at 5 % (Income-tax Act s.206AA(1A)). */
      pan_valid: z.boolean(),
      rate_percent: z.number(),
    }),
  ),
  totals: tdsFigures,
});
export type TdsReport = z.infer<typeof tdsReportSchema>;

/** GET /api/partner/commission-invoices?month=YYYY-MM (month optional: every one). */
export const commissionInvoicesQuerySchema = tcsReportQuerySchema.partial();

/** The marketplace's monthly tax invoice to the owner for its commission (SAC 998362). */
export const commissionInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  month: z.string(),
  /** The IST day it was issued. */
  issued_on: z.string(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** The signed PDF. */
  url: z.string(),
});
export type CommissionInvoice = z.infer<typeof commissionInvoiceSchema>;

export const commissionInvoicesResponseSchema = z.object({ results: z.array(commissionInvoiceSchema) });

/** GET /api/partner/commission-invoices/{id}.pdf */
export const commissionInvoiceParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
