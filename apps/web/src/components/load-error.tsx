import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';

/** A list or record that failed to load: says so plainly and offers to ask again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
