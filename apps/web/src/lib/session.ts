import { SESSION_VALIDITY_MS } from '@ooh/shared';

/** Session storage as SPEC section 3 names it: `token` and `user_details`. */
export const TOKEN_KEY = 'token';
export const USER_DETAILS_KEY = 'user_details';

export interface StoredToken {
  token: string;
  /** When the token was stored, in ms. */
  timestamp: number;
  phone_number: string;
}

export interface StoredUserDetails {
  userData: { payload: Record<string, unknown> & { first_name?: string } };
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The stored token, or null when absent or older than 1 hour (SPEC section 4). Expired ones are removed. */
export function readToken(now = Date.now()): StoredToken | null {
  const stored = read<StoredToken>(TOKEN_KEY);
  if (!stored?.token || typeof stored.timestamp !== 'number') return null;
  if (now - stored.timestamp >= SESSION_VALIDITY_MS) {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(USER_DETAILS_KEY);
    return null;
  }
  return stored;
}

export function writeToken(value: StoredToken): void {
  sessionStorage.setItem(TOKEN_KEY, JSON.stringify(value));
}

export function readUserDetails(): StoredUserDetails | null {
  return read<StoredUserDetails>(USER_DETAILS_KEY);
}

export function writeUserDetails(value: StoredUserDetails): void {
  sessionStorage.setItem(USER_DETAILS_KEY, JSON.stringify(value));
}

export function clearSession(): void {
  sessionStorage.clear();
}
