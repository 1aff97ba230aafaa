import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  OPERATOR_SESSION_IDLE_SECONDS,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_TOUCH_SECONDS,
  type Session,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { profileOf } from '../users/users.service.ts';
import {
  deleteEndedSessions,
  deleteLapsedRevocations,
  findSessionById,
  findSessionByTokenHash,
  insertRevokedToken,
  insertSession,
  isTokenIdRevoked,
  listOpenSessions,
  revokeSessions,
  type SessionRow,
  touchSession,
} from './sessions.repository.ts';

/** The cookie's name; its value is the session token (docs/decisions/042). */
export const SESSION_COOKIE = 'ooh_session';

/** Only this digest of a token is stored, so the table signs nobody in. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 256-bit token from a secure random source, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface LiveSession {
  id: string;
  userId: number;
  phoneNumber: string;
}

/** Sign-in: a new session row for the user; answers the token that goes into the cookie, once. */
export async function createSession(
  deps: AppDeps,
  input: { userId: number; device: string; ip: string },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  await inTransaction(deps.database.db, async (tx) => {
    // Ended sessions are of no use to anyone: each sign-in clears the user's, so rows never pile up.
    await deleteEndedSessions(tx, input.userId, now);
    await insertSession(tx, {
      id,
      tokenHash: hashSessionToken(token),
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      device: input.device,
      ip: input.ip.slice(0, 64),
    });
  });
  return { id, token, expiresAt };
}

/** Operators idle out after 12 hours, everyone else after 7 days (docs/decisions/042). */
function idleSecondsFor(deps: AppDeps, phoneNumber: string): number {
  return deps.config.operatorPhones.includes(phoneNumber)
    ? OPERATOR_SESSION_IDLE_SECONDS
    : SESSION_IDLE_SECONDS;
}

/** When the session ends unless it is used again: the idle limit, capped by the absolute one. */
function endsAt(row: SessionRow, idleSeconds: number): Date {
  const idle = row.lastSeenAt.getTime() + idleSeconds * 1000;
  return new Date(Math.min(idle, row.expiresAt.getTime()));
}

/**
 * The session behind a row if it is still alive (not revoked, within both limits), renewing its idle
 * limit: last_seen_at is written at most once a minute, so activity keeps it alive without a write on
 * every request.
 */
async function alive(deps: AppDeps, row: SessionRow | undefined): Promise<LiveSession | null> {
  if (!row || row.revokedAt) return null;
  const now = deps.clock.now();
  const user = await profileOf(deps.database.db, row.userId);
  if (!user) return null;
  if (endsAt(row, idleSecondsFor(deps, user.phoneNumber)).getTime() <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_SECONDS * 1000) {
    await touchSession(deps.database.db, row.id, now);
  }
  return { id: row.id, userId: user.id, phoneNumber: user.phoneNumber };
}

/** The session of a cookie's token, or null when it is unknown, ended or expired. */
export async function sessionOfToken(deps: AppDeps, token: string): Promise<LiveSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return alive(deps, await findSessionByTokenHash(deps.database.db, hashSessionToken(token)));
}

/** A bearer token names its session (claim `sid`): it stops working when that session ends. */
export async function sessionOfId(deps: AppDeps, id: string): Promise<LiveSession | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return alive(deps, await findSessionById(deps.database.db, id));
}

/** GET /api/auth/sessions: the user's live sessions, the caller's own marked. */
export async function listSessions(
  deps: AppDeps,
  caller: { id: number; phoneNumber: string },
  currentId: string | undefined,
): Promise<Session[]> {
  const now = deps.clock.now();
  const idle = idleSecondsFor(deps, caller.phoneNumber);
  const rows = await listOpenSessions(deps.database.db, caller.id, now);
  return rows
    .filter((row) => endsAt(row, idle).getTime() > now.getTime())
    .map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      expires_at: endsAt(row, idle).toISOString(),
      device: row.device,
      ip: row.ip,
      current: row.id === currentId,
    }));
}

/** Logout and DELETE /api/auth/sessions: ends the user's session `id`, or all of them; answers how many. */
export function endSessions(deps: AppDeps, userId: number, id?: string): Promise<number> {
  return revokeSessions(deps.database.db, userId, deps.clock.now(), id);
}

/** DELETE /api/auth/sessions/{id}: one of the caller's own sessions; another user's id answers 404. */
export async function endOwnSession(deps: AppDeps, userId: number, id: string): Promise<void> {
  if ((await endSessions(deps, userId, id)) === 0) throw notFound('Session');
}

/** DELETE /api/ops/users/{id}/sessions: an operator signs a user out everywhere, audited with the change. */
export async function endUserSessionsAsOperator(
  deps: AppDeps,
  operatorId: number,
  userId: number,
): Promise<number> {
  const db = deps.database.db;
  if (!(await profileOf(db, userId))) throw notFound('User');
  const now = deps.clock.now();
  return inTransaction(db, async (tx) => {
    const ended = await revokeSessions(tx, userId, now);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'user.sessions_end',
      entity: 'user',
      entityId: String(userId),
      before: { open_sessions: ended },
      after: { open_sessions: 0 },
      createdAt: now,
    });
    return ended;
  });
}

/**
 * POST /auth/logout with a bearer token: the token stops working on the server at once, in every API
 * process. Kept until it would have expired; lapsed revocations are cleared here.
 */
export async function revokeBearerToken(
  db: Db,
  token: { jti: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await insertRevokedToken(db, token.jti, token.expiresAt);
  await deleteLapsedRevocations(db, now);
}

export function isBearerTokenRevoked(db: Db, jti: string): Promise<boolean> {
  return isTokenIdRevoked(db, jti);
}

/** DELETE /api/me: every session of the user ends inside the erasure's transaction. */
export function endSessionsIn(tx: Db, userId: number, now: Date): Promise<number> {
  return revokeSessions(tx, userId, now);
}
