import type { User } from '@ooh/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { ApiError } from '../api-client';
import {
  clearSession,
  forgetSessionHere,
  isSignedIn,
  readUserDetails,
  type StoredUserDetails,
  writeUserDetails,
} from '../session';
import { fetchCurrentUser } from './api/current-user';
import { endSession } from './api/logout';
import type { SendStage } from './sign-in-requests';

/**
 * The signed-in user as docs/product-spec.md section 3 describes it: the backend user (first item of its data) with a
 * combined `name` from first_name and last_name.
 */
export type CurrentUser = Partial<User> & { name: string; phone_number: string };

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
 * The auth context of docs/product-spec.md section 3: currentUser, isAuthenticated, and the actions to sign up by mobile
 * (send a code) and to confirm the code. The session itself is the server's cookie (docs/decisions/042):
 * every tab shares it, and this context follows it (the signed-in hint cookie) when a tab regains focus.
 */
export interface AuthState {
  currentUser: CurrentUser | null;
  isAuthenticated: boolean;
  /** Sends a sign-in code to the 10-digit number (+91 is added by the API), after the invisible bot check. */
  signUpByMobile(phoneNumber: string, options?: { onStage?: (stage: SendStage) => void }): Promise<SentCode>;
  /** Checks the code (the server sets the session cookie), calls login_with_phone, caches the user. */
  confirmCode(verificationId: string, code: string): Promise<CurrentUser>;
  /** Stores a fresh copy of the user (after a profile save) so the header shows the new name. */
  saveUser(user: User): void;
  /** Re-reads the session after sign-in or a profile change. */
  refresh(): void;
  /** Ends the session on the server (every tab) and here; resolves once the server has answered. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Null while signed out, and in a new tab until the profile has come (isAuthenticated is already true). */
export function buildCurrentUser(signedIn: boolean, details: StoredUserDetails | null): CurrentUser | null {
  if (!signedIn || !details?.userData?.payload?.phone_number) return null;
  const payload = details.userData.payload as Partial<User>;
  const name = [payload.first_name, payload.last_name]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return { ...payload, name, phone_number: String(payload.phone_number) };
}

/** Tabs learn of a sign-in or logout elsewhere when they come back to the front, or when this tab says so. */
const SESSION_CHANGED = 'ooh:session-changed';
function subscribeToSession(onChange: () => void): () => void {
  window.addEventListener('focus', onChange);
  window.addEventListener(SESSION_CHANGED, onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener('focus', onChange);
    window.removeEventListener(SESSION_CHANGED, onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}
export const announceSessionChange = () => window.dispatchEvent(new Event(SESSION_CHANGED));

/**
 * `signedInOnServer`: whether the page's request carried the signed-in hint (the root route's loader). The
 * server renders with it and the browser hydrates with it, so a signed-in page is rendered signed in on the
 * server and its guard never sees a signed-out first render; after hydration the cookie itself is read.
 */
export function AuthProvider({
  children,
  signedInOnServer = false,
}: {
  children: ReactNode;
  signedInOnServer?: boolean;
}) {
  const signedIn = useSyncExternalStore(subscribeToSession, isSignedIn, () => signedInOnServer);
  const [userDetails, setUserDetails] = useState<StoredUserDetails | null>(() =>
    typeof window === 'undefined' ? null : readUserDetails(),
  );

  const refresh = useCallback(() => {
    setUserDetails(readUserDetails());
    announceSessionChange();
  }, []);

  // A tab opened while signed in (a link, a bookmark, Ctrl+click) has the cookie but no profile yet: ask once.
  useEffect(() => {
    if (!signedIn) {
      // After hydration the first effects see the server's answer (signed out). A sign-in that landed
      // meanwhile (another tab, a restored session) is in the cookie: React renders again with it; erasing
      // it here signed every tab of the browser out.
      if (isSignedIn()) return;
      if (readUserDetails()) clearSession();
      setUserDetails(null);
      return;
    }
    if (userDetails) return;
    let cancelled = false;
    fetchCurrentUser()
      .then((answer) => {
        const user = answer.data[0];
        if (cancelled || !user) return;
        writeUserDetails({ userData: { payload: user } });
        setUserDetails(readUserDetails());
      })
      .catch((err: unknown) => {
        if (cancelled || !(err instanceof ApiError) || err.status !== 401) return;
        // The session ended on the server (idle, revoked): this browser forgets it too.
        clearSession();
        announceSessionChange();
      });
    return () => {
      cancelled = true;
    };
  }, [signedIn, userDetails]);

  const logout = useCallback(async () => {
    forgetSessionHere();
    clearSession();
    setUserDetails(null);
    announceSessionChange();
    await endSession();
    announceSessionChange();
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
      // The answer's bearer token is for API clients: the browser's session is the cookie it just set.
      const verified = await verifyOtp({ verification_id: verificationId, code });
      try {
        const login = await loginWithPhone(verified.phone_number);
        const details: StoredUserDetails = { userData: { payload: login.payload } };
        writeUserDetails(details);
        refresh();
        return buildCurrentUser(true, details) as CurrentUser;
      } catch (err) {
        // Half a sign-in is no sign-in: without the user record the app cannot show the account.
        await endSession();
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

  const currentUser = useMemo(() => buildCurrentUser(signedIn, userDetails), [signedIn, userDetails]);

  const value = useMemo<AuthState>(
    () => ({
      currentUser,
      isAuthenticated: signedIn,
      signUpByMobile,
      confirmCode,
      saveUser,
      refresh,
      logout,
    }),
    [signedIn, currentUser, signUpByMobile, confirmCode, saveUser, refresh, logout],
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
