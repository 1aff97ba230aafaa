import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { busyLabel, type CheckoutStep, failureMessage } from '../checkout-machine';

/**
 * What Place Order is doing, said aloud to screen readers: each busy step, a failed or cancelled payment
 * with the time the sites stay reserved, or an error, each with "Try again".
 */
export function CheckoutStatus({ step, onRetry }: { step: CheckoutStep; onRetry(): void }) {
  const busy = busyLabel(step);
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      {busy ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{busy}</Typography>
        </Stack>
      ) : null}
      {step.kind === 'payment-failed' ? (
        <Alert
          severity="error"
          data-testid="payment-failed"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {failureMessage(step, Date.now())}
          {step.detail && step.failure === 'failed' ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {`Reason given: ${step.detail}`}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      {step.kind === 'error' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {step.message}
        </Alert>
      ) : null}
    </Box>
  );
}
