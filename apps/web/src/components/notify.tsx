import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Snackbar,
} from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Severity = 'success' | 'info' | 'warning' | 'error';

interface NotifyApi {
  /** A short message at the bottom of the page (snackbar). */
  notify(message: string, severity?: Severity): void;
  /** An in-page alert dialog with an OK button: the SPEC's alerts, never window.alert. */
  alert(message: string, title?: string): Promise<void>;
  /** A Yes/No dialog; resolves true on Yes. */
  confirm(message: string, title?: string): Promise<boolean>;
}

const NotifyContext = createContext<NotifyApi | null>(null);

interface DialogState {
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
}

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<{ message: string; severity: Severity; key: number } | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const close = useCallback((value: boolean) => {
    setDialog(null);
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  const api = useMemo<NotifyApi>(
    () => ({
      notify: (message, severity = 'info') => setSnack({ message, severity, key: Date.now() }),
      alert: (message, title = 'Notice') =>
        new Promise<void>((resolve) => {
          resolver.current = () => resolve();
          setDialog({ kind: 'alert', title, message });
        }),
      confirm: (message, title = 'Confirmation') =>
        new Promise<boolean>((resolve) => {
          resolver.current = resolve;
          setDialog({ kind: 'confirm', title, message });
        }),
    }),
    [],
  );

  return (
    <NotifyContext.Provider value={api}>
      {children}
      <Snackbar
        key={snack?.key}
        open={Boolean(snack)}
        autoHideDuration={5000}
        onClose={(_, reason) => reason !== 'clickaway' && setSnack(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {snack ? (
          <Alert
            severity={snack.severity}
            variant="filled"
            onClose={() => setSnack(null)}
            sx={{ width: '100%' }}
          >
            {snack.message}
          </Alert>
        ) : undefined}
      </Snackbar>
      <Dialog open={Boolean(dialog)} onClose={() => close(false)} aria-labelledby="notify-dialog-title">
        <DialogTitle id="notify-dialog-title">{dialog?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{dialog?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {dialog?.kind === 'confirm' ? (
            <>
              <Button onClick={() => close(false)}>No</Button>
              <Button variant="contained" onClick={() => close(true)} autoFocus>
                Yes
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={() => close(true)} autoFocus>
              OK
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </NotifyContext.Provider>
  );
}

export function useNotify(): NotifyApi {
  const ctx = useContext(NotifyContext);
  if (!ctx) throw new Error('useNotify outside NotifyProvider');
  return ctx;
}
