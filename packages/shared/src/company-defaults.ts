import type { Company } from './schemas/company.schemas.ts';

/**
 * The seller's settings the API starts with (COMPANY_* unset), and what every web page shows until GET
 * /api/company answers, so a server-rendered page never shows a different company than the server's
 * documents (docs/decisions/039-seller-identity.md). In a module of its own, without zod: the footer of
 * every page needs these values, and the schema beside them would bring zod into every first load.
 */
export const COMPANY_DEFAULTS: Company = {
  name: 'AdSpace India Private Limited',
  address: 'Office 12, Example Business Park, Andheri East, Mumbai 400069',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
  email: 'hello@adspaceindia.example',
  phone: '+91 22 4567 8900',
  bank: { name: 'HDFC Bank, Andheri East', account: '50200012345678', ifsc: 'HDFC0000123' },
  grievance_officer: { name: 'Ms. Kavya Menon', email: 'grievance@adspaceindia.example' },
};
