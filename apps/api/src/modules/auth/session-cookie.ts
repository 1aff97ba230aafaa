import { SESSION_ABSOLUTE_SECONDS } from '@ooh/shared';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { sessionCookie } from '../../lib/cookies.ts';
import { SESSION_COOKIE } from './sessions.service.ts';

/**
 * Beside the HttpOnly session cookie, a readable `ooh_signed_in=1` that holds nothing secret: it lets the
 * web app know without a request whether a session may exist (a signed-out visitor asks nothing), and
 * every tab sees it go at logout (docs/decisions/042).
 */
export const SESSION_HINT_COOKIE = 'ooh_signed_in';

/**
 * The browser keeps the cookies for the absolute limit; the server's row decides sooner (idle, revoked),
 * so the cookie never needs rewriting while the session slides.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  const options = { maxAge: SESSION_ABSOLUTE_SECONDS, secure: config.sessionCookieSecure };
  reply.header('set-cookie', [
    sessionCookie(SESSION_COOKIE, token, options),
    sessionCookie(SESSION_HINT_COOKIE, '1', { ...options, readable: true }),
  ]);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const options = { maxAge: 0, secure: config.sessionCookieSecure };
  reply.header('set-cookie', [
    sessionCookie(SESSION_COOKIE, '', options),
    sessionCookie(SESSION_HINT_COOKIE, '', { ...options, readable: true }),
  ]);
}
