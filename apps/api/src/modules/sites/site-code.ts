import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A site code for a site whose owner gave none: `MO{ownerId}-{8 random base32 characters}` (40 bits, so a
 * clash is rare; the unique index catches one and the caller draws again). Used by the console and the
 * CSV import alike; it matches SITE_CODE_PATTERN.
 */
export function generateSiteCode(ownerId: number): string {
  const bytes = randomBytes(5);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `MO${ownerId}-${out}`;
}
