import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { readCookie } from '../lib/cookies.ts';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { verifyToken } from '../lib/jwt.ts';
import {
  isBearerTokenRevoked,
  SESSION_COOKIE,
  sessionOfId,
  sessionOfToken,
} from '../modules/auth/sessions.service.ts';
import { type MemberRole, membershipOf } from '../modules/partners/members.service.ts';
import type { ownerOfMember } from '../modules/partners/partners.service.ts';
import { userOfSession } from '../modules/users/users.service.ts';
import type { AuthUser } from './auth-user.ts';
import { assertSameOrigin } from './same-origin.ts';

/** The media owner row as the partners service hands it over (the plugin never imports a repository). */
type MediaOwnerRow = NonNullable<Awaited<ReturnType<typeof ownerOfMember>>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth; undefined on public routes. */
    user?: AuthUser;
    /** Set by requireMember: the media owner the signed-in user acts for. */
    mediaOwner?: MediaOwnerRow;
    /** Set by requireMember: the user's role in that owner's team (decision 046). */
    memberRole?: MemberRole;
  }
}

const expired = () => unauthorized('Your session has expired. Please sign in again.');

/**
 * The signed-in user from "Authorization: Bearer <jwt>" or, without that header, the session cookie;
 * null when neither comes along. A bearer header that is present but not valid answers 401; so does a
 * dead cookie, unless `optional` (a public route then serves the visitor signed out). A state-changing
 * call signed in by the cookie must come from this site's pages (CSRF, plugins/same-origin.ts).
 */
export async function readAuth(
  app: AppInstance,
  request: FastifyRequest,
  options: { optional?: boolean } = {},
): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (header) return readBearer(app, header);
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!cookie) return null;
  const session = await sessionOfToken(app.deps, cookie);
  if (!session) {
    if (options.optional) return null;
    throw expired();
  }
  assertSameOrigin(app.deps.config, request);
  return { id: session.userId, phoneNumber: session.phoneNumber, via: 'cookie', sessionId: session.id };
}

async function readBearer(app: AppInstance, header: string): Promise<AuthUser> {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
  const claims = await verifyToken(match[1], app.deps.config.jwtSecret, app.deps.clock.now());
  if (!claims) throw expired();
  // A token ended by logout is refused like an expired one.
  if (await isBearerTokenRevoked(app.deps.database.db, claims.jti)) throw expired();
  const token = { jti: claims.jti, expiresAt: claims.expiresAt };
  if (claims.sid) {
    // Issued with a session: it ends with it (sign out everywhere, an operator's revocation).
    const session = await sessionOfId(app.deps, claims.sid);
    if (!session || session.phoneNumber !== claims.phone_number) throw expired();
    return {
      id: session.userId,
      phoneNumber: session.phoneNumber,
      via: 'bearer',
      sessionId: session.id,
      token,
    };
  }
  const user = await userOfSession(app.deps.database.db, claims.phone_number);
  return { id: user.id, phoneNumber: user.phoneNumber, via: 'bearer', token };
}

/**
 * preHandler for routes that need sign-in: `{ preHandler: requireAuth(app) }`, then `request.user!`.
 * Another user's records are looked up with the caller's id, so they answer 404, never 403.
 */
export function requireAuth(app: AppInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await readAuth(app, request);
    if (!user) throw unauthorized();
    request.user = user;
  };
}

/** preHandler for routes that work signed out but know the user when a valid token comes along. */
export function optionalAuth(app: AppInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = (await readAuth(app, request, { optional: true })) ?? undefined;
  };
}

/** Operators are the users whose phone is in OPERATOR_PHONES (docs/product-rules.md section 7), checked on every call. */
export function isOperator(app: AppInstance, user: AuthUser): boolean {
  return app.deps.config.operatorPhones.includes(user.phoneNumber);
}

/** preHandler for /api/ops: anonymous 401, signed in but not an operator 403. */
export function requireOperator(app: AppInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await readAuth(app, request);
    if (!user) throw unauthorized();
    if (!isOperator(app, user)) throw forbidden('Only operators can do this.');
    request.user = user;
  };
}

/** Who may call an owner's route when it names no roles: admins and managers (field members read less). */
export const OFFICE_ROLES: ReadonlyArray<MemberRole> = ['admin', 'manager'];
/** Every member, field included: reading sites and bookings, print files, job sheets, proofs. */
export const ALL_ROLES: ReadonlyArray<MemberRole> = ['admin', 'manager', 'field'];

/**
 * preHandler for /api/partner calls made as a media owner: anonymous 401; a user who is no member, or whose
 * owner's status is not in `statuses`, gets `missing` (403 for actions, 404 for "my owner"); a member whose
 * role is not in `roles` (admins and managers unless named) 403. Sets `request.mediaOwner` and
 * `request.memberRole`, so every query after it is scoped to the caller's own owner.
 */
export function requireMember(
  app: AppInstance,
  options: {
    statuses: ReadonlyArray<MediaOwnerRow['status']>;
    missing: 403 | 404;
    roles?: ReadonlyArray<MemberRole>;
  },
) {
  const roles = options.roles ?? OFFICE_ROLES;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await readAuth(app, request);
    if (!user) throw unauthorized();
    const membership = await membershipOf({ db: app.deps.database.db, clock: app.deps.clock }, user);
    const owner = membership?.owner ?? null;
    if (!owner || !options.statuses.includes(owner.status)) {
      if (options.missing === 404) throw notFound('Media owner');
      throw forbidden(memberRefusal(owner?.status));
    }
    if (!roles.includes(membership!.role)) {
      throw forbidden(`Your role (${membership!.role}) cannot do this; ask an admin of your company.`);
    }
    request.user = user;
    request.mediaOwner = owner;
    request.memberRole = membership!.role;
  };
}

/** Why a signed-in user may not act as a media owner yet, in words they can act on. */
function memberRefusal(status: MediaOwnerRow['status'] | undefined): string {
  if (status === 'pending') {
    return 'Your media owner application is waiting for review; you can manage sites once an operator approves it.';
  }
  if (status === 'rejected') {
    return 'Your media owner application was not approved; see the reason on your partner page.';
  }
  if (status === 'suspended') {
    return 'Your media owner account is suspended; see the reason on your partner page.';
  }
  return 'Only media owners can do this. Apply as a media owner first.';
}
