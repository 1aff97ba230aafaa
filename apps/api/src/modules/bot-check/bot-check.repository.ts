import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usedChallenges } from '../../db/schema.ts';

/**
 * Records a solved challenge. True the first time, false when it was already used: the primary key makes
 * this atomic across API processes. Expired entries are cleared on the way (the table stays tiny).
 */
export async function markChallengeUsed(
  db: Db,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now));
  const rows = await db
    .insert(usedChallenges)
    .values({ signature, expiresAt })
    .onConflictDoNothing({ target: usedChallenges.signature })
    .returning({ signature: usedChallenges.signature });
  return rows.length === 1;
}
