import { eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revokedTokens } from '../../db/schema.ts';

export async function insertRevokedToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

/** Revocations of tokens that expired by now: the expiry refuses them on its own. */
export async function deleteLapsedRevocations(db: Db, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lte(revokedTokens.expiresAt, now));
}

export async function isTokenIdRevoked(db: Db, jti: string): Promise<boolean> {
  const rows = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, jti))
    .limit(1);
  return rows.length > 0;
}
