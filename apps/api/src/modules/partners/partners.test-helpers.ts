import { gstinCheckCharacter, type PartnerApplicationInput } from '@ooh/shared';

/** The operator of the tests (OPERATOR_PHONES); outside the 98765... numbers nextPhone hands out. */
export const OPERATOR_PHONE = '9000000001';

/** A valid application whose GSTIN carries the PAN and a computed check character. */
export function application(pan = 'AAPFU0939F'): PartnerApplicationInput {
  const first14 = `27${pan}1Z`;
  return {
    company_name: 'Rao Outdoor Pvt Ltd',
    gstin: first14 + gstinCheckCharacter(first14),
    pan,
    address_line_1: '12 MG Road',
    address_line_2: 'Near the station',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '411001',
    contact_name: 'Asha Rao',
    contact_phone: '9876500000',
    contact_email: 'asha@example.com',
    ifsc: 'HDFC0001234',
    account_number: '123456789012',
  };
}
