import type { Db } from '../../db/client.ts';
import { deleteLapsedRevocations, insertRevokedToken, isTokenIdRevoked } from './sessions.repository.ts';

/**
 * POST /auth/logout: the token stops working on the server at once, in every API process, not only in
 * the browser that forgets it. Kept until it would have expired; lapsed revocations are cleared here.
 */
export async function revokeSession(
  db: Db,
  token: { jti: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await insertRevokedToken(db, token.jti, token.expiresAt);
  await deleteLapsedRevocations(db, now);
}

export function isSessionRevoked(db: Db, jti: string): Promise<boolean> {
  return isTokenIdRevoked(db, jti);
}
