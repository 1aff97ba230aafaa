/** Who signed in, as the auth plugin hands it to routes and services (request.user). */
export interface AuthUser {
  id: number;
  phoneNumber: string;
  /** How the request was signed in: the session cookie (browsers) or a bearer token (API clients, tests). */
  via: 'cookie' | 'bearer';
  /** The session row: the cookie's, or the one a bearer token was issued with. */
  sessionId?: string;
  /** A bearer token's id and expiry: what logout revokes. */
  token?: { jti: string; expiresAt: Date };
}
