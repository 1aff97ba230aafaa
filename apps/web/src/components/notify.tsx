import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { DialogState, Severity, SnackState } from './notify-view';

// The snackbar and dialog (MUI Modal, transitions, focus trap) load with the first message, not with the
// app shell: most visits never show one.
const NotifyView = lazy(() => import('./notify-view'));

interface NotifyApi {
  /** A short message at the bottom of the page (snackbar). */
  notify(message: string, severity?: Severity): void;
  /** An in-page alert dialog with an OK button: the product spec's alerts, never window.alert. */
  alert(message: string, title?: string): Promise<void>;
  /** A Yes/No dialog; resolves true on Yes. */
  confirm(message: string, title?: string): Promise<boolean>;
}

const NotifyContext = createContext<NotifyApi | null>(null);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<SnackState | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // Set with the first message; the view then stays mounted, so closing animates and the next is instant.
  const [shown, setShown] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const close = useCallback((value: boolean) => {
    setDialog(null);
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  const api = useMemo<NotifyApi>(
    () => ({
      notify: (message, severity = 'info') => {
        setShown(true);
        setSnack({ message, severity, key: Date.now() });
      },
      alert: (message, title = 'Notice') =>
        new Promise<void>((resolve) => {
          setShown(true);
          resolver.current = () => resolve();
          setDialog({ kind: 'alert', title, message });
        }),
      confirm: (message, title = 'Confirmation') =>
        new Promise<boolean>((resolve) => {
          setShown(true);
          resolver.current = resolve;
          setDialog({ kind: 'confirm', title, message });
        }),
    }),
    [],
  );

  return (
    <NotifyContext.Provider value={api}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <NotifyView
            snack={snack}
            dialog={dialog}
            onSnackClose={() => setSnack(null)}
            onDialogClose={close}
          />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): NotifyApi {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('useNotify outside NotifyProvider');
  return ctx;
}
