/**
 * Indian business identifiers a media owner gives when applying (docs/product-rules.md section 7): pure, so the API
 * refuses what the web form flags with the same words.
 */

/** GST state codes 01-38 (25 and 28 are older codes still on live registrations). */
export const GST_STATE_CODES: readonly string[] = Array.from({ length: 38 }, (_, i) =>
  String(i + 1).padStart(2, '0'),
);

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_ACCOUNT_PATTERN = /^[0-9]{9,18}$/;

/**
 * The GSTIN's 15th character: the official mod-36 scheme over the first 14 (Luhn mod N). Each character's
 * value (0-9, A-Z = 10-35) is multiplied by 1 and 2 alternately, the product's base-36 digits are summed,
 * and the check character makes the total a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = GSTIN_CHARSET.indexOf(first14[i]);
    if (value < 0) throw new Error('GSTIN characters are 0-9 and A-Z');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36];
}

/** Why `value` is not a GSTIN, or undefined when it is one. */
export function gstinProblem(value: string): string | undefined {
  if (value.length !== 15) return 'must be 15 characters';
  if (!GSTIN_SHAPE.test(value))
    return 'must look like 27AAPFU0939F1ZV (state code, PAN, entity number, Z, check)';
  if (!GST_STATE_CODES.includes(value.slice(0, 2))) return `has an unknown state code ${value.slice(0, 2)}`;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14])
    return 'has a wrong check digit (a typing mistake?)';
  return undefined;
}

export const isValidGstin = (value: string) => gstinProblem(value) === undefined;
export const isValidPan = (value: string) => PAN_FORMAT.test(value);
export const isValidIfsc = (value: string) => IFSC_PATTERN.test(value);
export const isValidBankAccount = (value: string) => BANK_ACCOUNT_PATTERN.test(value);

/** How a bank account number is ever shown back: only its last four digits. */
export function maskBankAccount(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
