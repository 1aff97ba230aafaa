import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's signature scheme, shared by the Razorpay and sandbox providers. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of an expected hex digest with what a caller sent (any string). */
export function signatureMatches(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // timingSafeEqual needs equal lengths; the length of a hex SHA-256 digest is public anyway.
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkoutSignature(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${providerOrderId}|${paymentId}`);
}
