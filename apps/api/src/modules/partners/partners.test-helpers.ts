import { gstinCheckCharacter, type PartnerApplicationInput } from '@ooh/shared';

/** The operator of the tests (OPERATOR_PHONES); outside the 98765... numbers nextPhone hands out. */
export const OPERATOR_PHONE = '9000000001';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = () => LETTERS[Math.floor(Math.random() * LETTERS.length)];
/** A random company PAN (fourth letter C): owners made in a test share no ids unless the test says so. */
export const randomPan = () =>
  `${letter()}${letter()}${letter()}C${letter()}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}${letter()}`;
/** A random 12-digit bank account number. */
export const randomAccountNumber = () => String(Math.floor(1e11 + Math.random() * 9e11));

/**
 * A valid application whose GSTIN carries the PAN and a computed check character. By default its PAN,
 * GSTIN and bank account are its own (approving a possible duplicate needs a reason, DESIGN 7); a test
 * of duplicates passes another owner's.
 */
export function application(pan = randomPan()): PartnerApplicationInput {
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
    account_number: randomAccountNumber(),
  };
}
