import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setReauthenticateHandler } from '../lib/api-client';
import { useOpenedOnce } from '../lib/use-opened-once';

const SignInAgainDialog = lazy(() =>
  import('./sign-in-again-dialog').then((m) => ({ default: m.SignInAgainDialog })),
);

/**
 * Installs the "sign in again" handler of lib/api-client (docs/decisions/042): a state-changing call that
 * meets an ended session opens the dialog here, over the page, and waits for it. The dialog's code loads
 * the first time it is needed, not with the app shell.
 */
export function SignInAgainHost() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((signedIn: boolean) => void) | null>(null);
  const opened = useOpenedOnce(open);

  useEffect(() => {
    setReauthenticateHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => setReauthenticateHandler(null);
  }, []);

  const done = (signedIn: boolean) => {
    setOpen(false);
    settle.current?.(signedIn);
    settle.current = null;
  };

  return opened ? (
    <Suspense fallback={null}>
      <SignInAgainDialog open={open} onDone={done} />
    </Suspense>
  ) : null;
}
