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

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface SnackState {
  message: string;
  severity: Severity;
  key: number;
}

export interface DialogState {
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
}

/** The notifications' snackbar and alert/confirm dialog (notify.tsx loads this with the first message). */
export default function NotifyView({
  snack,
  dialog,
  onSnackClose,
  onDialogClose: close,
}: {
  snack: SnackState | null;
  dialog: DialogState | null;
  onSnackClose(): void;
  onDialogClose(value: boolean): void;
}) {
  return (
    <>
      <Snackbar
        key={snack?.key}
        open={Boolean(snack)}
        autoHideDuration={5000}
        onClose={(_, reason) => reason !== 'clickaway' && onSnackClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {snack ? (
          <Alert
            severity={snack.severity}
            variant="filled"
            onClose={() => onSnackClose()}
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
    </>
  );
}
