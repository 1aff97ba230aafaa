/** The session cookies' removal, for a route of another module that ends the caller's sessions (DELETE /api/me). */
export { clearSessionCookie } from './session-cookie.ts';
