import { SESSION_VALIDITY_MS } from '@ooh/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearSession, readToken, readUserDetails, type StoredToken, type StoredUserDetails } from '../../lib/session';

/**
 * The auth context of SPEC section 3: currentUser, isAuthenticated, token. The sign-in feature adds the
 * actions (send code, confirm code); this holds the session and its 1-hour expiry.
 */
export interface AuthState {
  token: StoredToken | null;
  currentUser: StoredUserDetails | null;
  isAuthenticated: boolean;
  /** Re-read session storage after sign-in or a profile change. */
  refresh(): void;
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<StoredToken | null>(() => readToken());
  const [currentUser, setCurrentUser] = useState<StoredUserDetails | null>(() => readUserDetails());

  const refresh = useCallback(() => {
    setToken(readToken());
    setCurrentUser(readUserDetails());
  }, []);

  const logout = useCallback(() => {
    clearSession();
    setToken(null);
    setCurrentUser(null);
  }, []);

  // The stored token is removed 1 hour after login (SPEC section 4).
  useEffect(() => {
    if (!token) return;
    const left = token.timestamp + SESSION_VALIDITY_MS - Date.now();
    const timer = window.setTimeout(refresh, Math.max(0, left) + 50);
    return () => window.clearTimeout(timer);
  }, [token, refresh]);

  const value = useMemo<AuthState>(
    () => ({ token, currentUser, isAuthenticated: Boolean(token), refresh, logout }),
    [token, currentUser, refresh, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
