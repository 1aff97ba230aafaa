import { z } from 'zod';

/**
 * The seller: one set of company settings (COMPANY_* in the API's config) that feeds the web footer,
 * the legal pages, invoices, credit notes, quotations and messages (docs/decisions/039-seller-identity.md).
 * GET /api/company answers it; the web starts from COMPANY_DEFAULTS (src/company-defaults.ts).
 */
export const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string(),
  /** The state of the GST registration. */
  state: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Where buyers send a bank transfer for a cash / bank-transfer order. */
  bank: z.object({ name: z.string(), account: z.string(), ifsc: z.string() }),
  /** The Grievance Officer the privacy page names (DPDP Rules 2025, IT Rules 2011 r.5(9)). */
  grievance_officer: z.object({ name: z.string(), email: z.string() }),
});
export type Company = z.infer<typeof companySchema>;
