import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

/**
 * The buttons of the operator's review dialogs (an owner, a site). Wrapped rows on a phone: the gap alone
 * spaces them (MUI's own left margins made the rows ragged), the buttons share each row's width and line
 * up with the text above, not the screen's edge.
 */
export function ReviewDialogActions({ children }: { children: ReactNode }) {
  return (
    <DialogActions
      disableSpacing
      sx={{
        flexWrap: 'wrap',
        gap: 1,
        px: { xs: 3, sm: 2 },
        pb: 2,
        '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
      }}
    >
      {children}
    </DialogActions>
  );
}
