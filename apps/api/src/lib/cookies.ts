/** The value of one cookie in a Cookie header, or undefined. Malformed pairs are skipped, never thrown on. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  /** Leaves out HttpOnly: only for a cookie that carries nothing secret (the signed-in hint). */
  readable?: boolean;
}

/**
 * A Set-Cookie value for a session cookie: HttpOnly (no script reads it), SameSite=Lax (other sites'
 * forms and fetches do not carry it, top-level links do), Path=/ (the web pages and the API).
 * Values are base64url, so nothing needs escaping.
 */
export function sessionCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax', `Max-Age=${options.maxAge}`];
  if (!options.readable) parts.splice(2, 0, 'HttpOnly');
  if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
