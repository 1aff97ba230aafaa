import { COUNTRY_PREFIX } from '../constants.ts';

/** Indian mobile numbers: 10 digits starting 6-9. */
export const PHONE_PATTERN = /^[6-9]\d{9}$/;

export function toE164(tenDigits: string): string {
  return `${COUNTRY_PREFIX}${tenDigits}`;
}

/** Accepts "+919876543210", "919876543210" or "9876543210"; returns the 10 digits or null. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '').replace(/^\+?91(?=\d{10}$)/, '');
  return PHONE_PATTERN.test(digits) ? digits : null;
}

/** For logs: never print a whole number (docs/product-rules.md section 5). */
export function maskPhone(phone: string): string {
  return phone.length >= 4 ? `${'*'.repeat(phone.length - 2)}${phone.slice(-2)}` : '**';
}
