/**
 * The browser's side of the session (docs/decisions/042). The credential is the server's HttpOnly
 * session cookie, which no script can read: this module never holds a token. What it keeps:
 * - `ooh_signed_in`, a readable cookie the server sets beside the session cookie and removes at logout:
 *   whether a session may exist, known without a request, the same in every tab;
 * - `user_details` in session storage (the product spec's key): a cache of the profile for the header and forms.
 */
export const USER_DETAILS_KEY = 'user_details';
export const SESSION_HINT_COOKIE = 'ooh_signed_in';

export interface StoredUserDetails {
  userData: { payload: Record<string, unknown> & { first_name?: string; phone_number?: string } };
}

/** Whether a Cookie header (or document.cookie) carries the signed-in hint. */
export function hasSessionHint(cookies: string | null | undefined): boolean {
  return (cookies ?? '').split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/**
 * One read of document.cookie per run of script: reading it asks the browser's cookie store (a few ms on a
 * slow phone), and the commit that ends hydration starts every query at once, each asking. Dropped at the
 * next microtask, so a cookie set by an answer is always read afresh.
 */
let hintRead: boolean | undefined;
/**
 * Whether this tab has seen a session since it last signed out itself. Another tab's logout removes the
 * hint cookie every tab shares, but a form this tab was filling in is still that person's: its Save asks
 * to sign in again in place (lib/api-client.ts, DESIGN 5) rather than leaving the page.
 */
let seenHere = false;

/** Whether this browser holds a session (it may still have expired on the server: a 401 tells). */
export function isSignedIn(): boolean {
  if (typeof document === 'undefined') return false;
  if (hintRead === undefined) {
    hintRead = hasSessionHint(document.cookie);
    if (hintRead) seenHere = true;
    queueMicrotask(() => {
      hintRead = undefined;
    });
  }
  return hintRead;
}

/** Signed in now, or signed in in this tab until the session ended elsewhere (not by this tab's logout). */
export function hadSessionHere(): boolean {
  return isSignedIn() || seenHere;
}

/** This tab's own logout: a later 401 is a signed-out person's, not an ended session's. */
export function forgetSessionHere(): void {
  seenHere = false;
}

export function readUserDetails(): StoredUserDetails | null {
  try {
    const raw = sessionStorage.getItem(USER_DETAILS_KEY);
    return raw ? (JSON.parse(raw) as StoredUserDetails) : null;
  } catch {
    return null;
  }
}

export function writeUserDetails(value: StoredUserDetails): void {
  sessionStorage.setItem(USER_DETAILS_KEY, JSON.stringify(value));
}

/**
 * Forgets the session in this browser: the profile cache, and the hint (the server removes it too when it
 * ends a session; after a 401 it is the browser that learns first). The session cookie itself is
 * HttpOnly: only the server's answer to logout removes it.
 */
export function clearSession(): void {
  try {
    sessionStorage.removeItem(USER_DETAILS_KEY);
  } catch {
    // Storage blocked: nothing was cached either.
  }
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in Safari and Firefox
    document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    hintRead = undefined;
  }
}
