import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The code of a site whose owner gave none: MO{ownerId}-{8 random base32 characters} (40 bits, so a
 * collision within one owner's sites is about one in a trillion per pair). The sites module assigns codes
 * the same way for the console's form; the lead may point this at that one generator.
 */
export function generateSiteCode(ownerId: number): string {
  const bytes = randomBytes(8);
  let suffix = '';
  for (const b of bytes) suffix += BASE32[b & 31];
  return `MO${ownerId}-${suffix}`;
}
