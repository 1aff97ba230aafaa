import { SESSION_VALIDITY_MS, type User } from '@ooh/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  clearSession,
  readToken,
  readUserDetails,
  type StoredToken,
  type StoredUserDetails,
  writeToken,
  writeUserDetails,
} from '../session';
import { revokeToken } from './api/logout';
import type { SendStage } from './sign-in-requests';
import { decodeTokenClaims, type TokenClaims } from './token-claims';

/**
 * The signed-in user as SPEC section 3 describes it: the backend user (first item of its data) with the
 * decoded token claims merged in and a combined `name` from first_name and last_name.
 */
export type CurrentUser = TokenClaims & Partial<User> & { name: string; phone_number: string };

/** A code was sent: the verification to confirm, and when the resend control may show again. */
export interface SentCode {
  verificationId: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

export type { SendStage };

/** The sign-in requests (and the auth error codes, which come with zod) load when a sign-in starts. */
const signInRequests = () => import('./sign-in-requests');

/**
 * The auth context of SPEC section 3: currentUser, isAuthenticated, token, and the actions to sign up by
 * mobile (send a code) and to confirm the code. Holds the session and its 1-hour expiry.
 */
export interface AuthState {
  token: StoredToken | null;
  currentUser: CurrentUser | null;
  isAuthenticated: boolean;
  /** Sends a sign-in code to the 10-digit number (+91 is added by the API), after the invisible bot check. */
  signUpByMobile(phoneNumber: string, options?: { onStage?: (stage: SendStage) => void }): Promise<SentCode>;
  /** Checks the code, stores the token, calls login_with_phone, stores the user and signs in. */
  confirmCode(verificationId: string, code: string): Promise<CurrentUser>;
  /** Stores a fresh copy of the user (after a profile save) so the header shows the new name. */
  saveUser(user: User): void;
  /** Re-read session storage after sign-in or a profile change. */
  refresh(): void;
  /** Ends the session here and on the server (the token is revoked). */
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function buildCurrentUser(
  token: StoredToken | null,
  details: StoredUserDetails | null,
): CurrentUser | null {
  if (!token) return null;
  const claims = decodeTokenClaims(token.token);
  const payload = (details?.userData?.payload ?? {}) as Partial<User>;
  const name = [payload.first_name, payload.last_name]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return {
    ...claims,
    ...payload,
    name,
    phone_number: payload.phone_number ?? claims.phone_number ?? token.phone_number,
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<StoredToken | null>(() => readToken());
  const [userDetails, setUserDetails] = useState<StoredUserDetails | null>(() => readUserDetails());

  const refresh = useCallback(() => {
    setToken(readToken());
    setUserDetails(readUserDetails());
  }, []);

  const logout = useCallback(() => {
    // readToken, not the state: it skips a token past its hour, which the server refuses anyway.
    const current = readToken();
    if (current) revokeToken(current.token);
    clearSession();
    setToken(null);
    setUserDetails(null);
  }, []);

  const signUpByMobile = useCallback<AuthState['signUpByMobile']>(async (phoneNumber, options) => {
    const { sendWithBotCheck } = await signInRequests();
    const sent = await sendWithBotCheck(phoneNumber, options?.onStage);
    return {
      verificationId: sent.verification_id,
      resendAfterSeconds: sent.resend_after_s,
      expiresInSeconds: sent.expires_in_s,
    };
  }, []);

  const confirmCode = useCallback<AuthState['confirmCode']>(
    async (verificationId, code) => {
      const { verifyOtp, loginWithPhone } = await signInRequests();
      const verified = await verifyOtp({ verification_id: verificationId, code });
      const stored: StoredToken = {
        token: verified.token,
        timestamp: Date.now(),
        phone_number: verified.phone_number,
      };
      writeToken(stored);
      try {
        const login = await loginWithPhone(verified.phone_number);
        const details: StoredUserDetails = { userData: { payload: login.payload } };
        writeUserDetails(details);
        refresh();
        return buildCurrentUser(stored, details) as CurrentUser;
      } catch (err) {
        // Half a sign-in is no sign-in: without the user record the app cannot show the account.
        clearSession();
        refresh();
        throw err;
      }
    },
    [refresh],
  );

  const saveUser = useCallback(
    (user: User) => {
      writeUserDetails({ userData: { payload: user } });
      refresh();
    },
    [refresh],
  );

  // The stored token is removed 1 hour after login (SPEC section 4).
  useEffect(() => {
    if (!token) return;
    const left = token.timestamp + SESSION_VALIDITY_MS - Date.now();
    const timer = window.setTimeout(refresh, Math.max(0, left) + 50);
    return () => window.clearTimeout(timer);
  }, [token, refresh]);

  const currentUser = useMemo(() => buildCurrentUser(token, userDetails), [token, userDetails]);

  const value = useMemo<AuthState>(
    () => ({
      token,
      currentUser,
      isAuthenticated: Boolean(token),
      signUpByMobile,
      confirmCode,
      saveUser,
      refresh,
      logout,
    }),
    [token, currentUser, signUpByMobile, confirmCode, saveUser, refresh, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state where it may be absent (components also rendered outside the provider, e.g. in tests). */
export function useOptionalAuth(): AuthState | null {
  return useContext(AuthContext);
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
