/** The claims our API puts in a session token (apps/api/src/lib/jwt.ts). */
export interface TokenClaims {
  phone_number?: string;
  sub?: string;
  iss?: string;
  aud?: string | string[];
  iat?: number;
  exp?: number;
}

/**
 * Reads a JWT's payload without checking it: the browser only uses the claims for display (SPEC section 3
 * merges them into currentUser); the API verifies the token on every call.
 */
export function decodeTokenClaims(token: string): TokenClaims {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : {};
  } catch {
    return {};
  }
}
