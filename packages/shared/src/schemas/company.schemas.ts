import { z } from 'zod';

/**
 * The seller: one set of company settings (COMPANY_* in the API's config) that feeds the web footer,
 * the legal pages, invoices, credit notes, quotations and messages (docs/decisions/039-seller-identity.md).
 * GET /api/company answers it; the web starts from COMPANY_DEFAULTS (the same values the API defaults
 * to) so a server-rendered page never shows a different company than the server's documents.
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
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_DEFAULTS: Company = {
  name: 'AdSpace India Private Limited',
  address: 'Office 12, Example Business Park, Andheri East, Mumbai 400069',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
  email: 'hello@adspaceindia.example',
  phone: '+91 22 4567 8900',
  bank: { name: 'HDFC Bank, Andheri East', account: '50200012345678', ifsc: 'HDFC0000123' },
};
