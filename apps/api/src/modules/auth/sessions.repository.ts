import { and, desc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revokedTokens, sessions } from '../../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

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

export async function insertSession(db: Db, row: NewSession): Promise<void> {
  await db.insert(sessions).values(row);
}

/** A user's ended sessions (revoked, or past the absolute limit): nothing shows or accepts them any more. */
export async function deleteEndedSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt))));
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function findSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return rows[0];
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** A user's sessions not revoked and within the absolute limit, newest activity first (idle is judged by the caller). */
export function listOpenSessions(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Revokes the user's open sessions (one when `id` is given); answers how many it ended. */
export async function revokeSessions(db: Db, userId: number, now: Date, id?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        id === undefined ? undefined : eq(sessions.id, id),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
