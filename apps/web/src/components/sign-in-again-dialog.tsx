import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { OtpLoginForm } from './otp-login-form';

/**
 * Loaded only when needed (sign-in-again-host.tsx). The session ended while a form was open (idle limit, signed out elsewhere, revoked): instead of leaving
 * the page, this dialog asks to sign in again in place (docs/decisions/042). The form underneath stays
 * mounted, so what was typed is kept; the call that failed is sent again once signed in (lib/api-client).
 */
export function SignInAgainDialog({ open, onDone }: { open: boolean; onDone(signedIn: boolean): void }) {
  const close = onDone;
  return (
    <Dialog
      open={open}
      onClose={() => close(false)}
      aria-labelledby="sign-in-again-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="sign-in-again-title">Sign in again to continue</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your session has ended. Sign in again and we will finish what you were doing; what you typed is
          kept.
        </Typography>
        {open ? <OtpLoginForm onSignedIn={() => close(true)} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
