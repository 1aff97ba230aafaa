import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Session tokens: HS256 only, with issuer, audience and a 1-hour expiry pinned (docs/product-rules.md section 5). */
export const JWT_ISSUER = 'adspace-india-api';
export const JWT_AUDIENCE = 'adspace-india-web';
export const TOKEN_TTL_SECONDS = 3600;

export interface TokenClaims {
  /** 10-digit mobile number; the user record is keyed by it. */
  phone_number: string;
  /**
   * The session row this token was issued with at sign-in (docs/decisions/042): ending the session (sign
   * out everywhere, an operator's revocation) ends the token too. Tokens made without one (tests) live
   * by their expiry and the revocation list alone.
   */
  sid?: string;
}

/** A verified token: its claims, its id (what logout revokes) and when it expires. */
export interface VerifiedToken extends TokenClaims {
  jti: string;
  expiresAt: Date;
}

const keyCache = new Map<string, Uint8Array>();
const keyOf = (secret: string) => {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
};

export async function signToken(
  claims: TokenClaims,
  secret: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    phone_number: claims.phone_number,
    ...(claims.sid ? { sid: claims.sid } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.phone_number)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/**
 * Returns the claims, or null for any token that is malformed, tampered, expired or meant for someone
 * else - and for one without `exp` (it would never end) or `jti` (logout could not revoke it).
 */
export async function verifyToken(token: string, secret: string, now: Date): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'jti'],
    });
    if (typeof payload.phone_number !== 'string' || !/^\d{10}$/.test(payload.phone_number)) return null;
    if (typeof payload.jti !== 'string' || payload.jti.length > 100 || typeof payload.exp !== 'number') {
      return null;
    }
    if (payload.sid !== undefined && (typeof payload.sid !== 'string' || payload.sid.length > 100))
      return null;
    return {
      phone_number: payload.phone_number,
      ...(payload.sid ? { sid: payload.sid } : {}),
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

/**
 * A key for one purpose (OTP code HMAC, IP hash, bot-check signatures), derived from JWT_SECRET so there
 * is one secret to manage and no key is ever used for two things.
 */
export function deriveSubkey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`ooh:${purpose}`).digest('hex');
}
