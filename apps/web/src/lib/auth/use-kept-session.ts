import { useRef } from 'react';
import { hasUnsavedChanges } from '../use-unsaved-changes';
import { useAuth } from './auth-context';

export interface KeptSession {
  /** Signed in, or kept: the session ended elsewhere while a form of this screen holds unsaved changes. */
  signedIn: boolean;
  /** The signed-in person's phone (the key of their queries), kept with the screen. */
  phone: string | undefined;
}

/**
 * The session a signed-in screen is drawn for (DESIGN 5: nothing lost to an expired session). When the
 * session ends elsewhere (signed out in another tab: every tab learns it from the shared hint cookie when it
 * comes back to the front) while one of the screen's forms has unsaved changes, the screen stays, with the
 * person's data, instead of going to sign-in: what they typed is kept, and Save asks them to sign in again
 * in place (lib/api-client.ts), then saves. With nothing unsaved, a signed-out screen goes to sign-in as before.
 */
export function useKeptSession(): KeptSession {
  const { isAuthenticated, currentUser } = useAuth();
  const last = useRef<string | undefined>(undefined);
  if (isAuthenticated) {
    if (currentUser?.phone_number) last.current = currentUser.phone_number;
    return { signedIn: true, phone: currentUser?.phone_number };
  }
  const kept = last.current !== undefined && hasUnsavedChanges();
  if (!kept) last.current = undefined;
  return { signedIn: kept, phone: kept ? last.current : undefined };
}
