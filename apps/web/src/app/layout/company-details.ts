import { COMPANY_DEFAULTS } from '@ooh/shared';
import { useCompany } from '../../lib/company/use-company';

/** What is particular to the website; the seller itself comes from the API's settings (useCompany). */
const WEBSITE = {
  hours: 'Monday to Saturday, 9:30 am to 6:30 pm IST',
};

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/**
 * The contact details shown on the home and legal pages, in the footer and in dialogs (docs/product-spec.md section 2):
 * the one seller identity of the invoices and messages (docs/decisions/039-seller-identity.md).
 */
export function useCompanyDetails() {
  const c = useCompany();
  return {
    legalName: c.name,
    address: c.address,
    gstin: c.gstin,
    state: c.state,
    email: c.email,
    phone: c.phone,
    phoneHref: telHref(c.phone),
    bank: c.bank,
    /** The Grievance Officer named in the privacy policy: the API's COMPANY_GRIEVANCE_OFFICER_* settings. */
    grievanceOfficer: c.grievance_officer,
    ...WEBSITE,
  };
}

export type CompanyDetails = ReturnType<typeof useCompanyDetails>;

/** The defaults, for code outside React (tests); pages use useCompanyDetails. */
export const COMPANY = {
  legalName: COMPANY_DEFAULTS.name,
  address: COMPANY_DEFAULTS.address,
  email: COMPANY_DEFAULTS.email,
  phone: COMPANY_DEFAULTS.phone,
  phoneHref: telHref(COMPANY_DEFAULTS.phone),
  grievanceOfficer: COMPANY_DEFAULTS.grievance_officer,
  ...WEBSITE,
};
