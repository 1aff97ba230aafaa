import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@ooh/shared';
import { deriveSubkey } from '../../lib/jwt.ts';

/** A uniformly random code from the OS CSPRNG, zero-padded ("004211" is as likely as "734019"). */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * The only form a code is stored in. Bound to its verification id, so equal codes of two verifications
 * do not show as equal rows, and keyed, so a database dump alone cannot be brute-forced.
 */
export function codeHmac(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', deriveSubkey(secret, 'otp-code'))
    .update(`${verificationId}:${code}`)
    .digest('hex');
}

export function codeMatches(
  secret: string,
  verificationId: string,
  code: string,
  storedHmac: string,
): boolean {
  const given = Buffer.from(codeHmac(secret, verificationId, code), 'hex');
  const stored = Buffer.from(storedHmac, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Rate limits count by IP without keeping the IP itself. */
export function ipHash(secret: string, ip: string): string {
  return createHmac('sha256', deriveSubkey(secret, 'ip-hash')).update(ip).digest('hex');
}
