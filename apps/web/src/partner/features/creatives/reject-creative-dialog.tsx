import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { creativeRejectBodySchema, type PartnerCreativeLine } from '@ooh/shared';
import { useEffect, useState } from 'react';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';

const MAX = 500;

/** Reject with a reason the buyer reads on the order page and in the SMS. */
export function RejectCreativeDialog({
  line,
  busy,
  serverError,
  onCancel,
  onReject,
}: {
  line: PartnerCreativeLine | null;
  busy: boolean;
  serverError: string | null;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useUnsavedChanges(Boolean(line) && reason.trim() !== '' && !busy);
  useEffect(() => {
    if (line) {
      setReason('');
      setError(null);
    }
  }, [line]);
  const submit = () => {
    const parsed = creativeRejectBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    onReject(parsed.data.reason);
  };
  return (
    <Dialog
      open={Boolean(line)}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="reject-creative-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="reject-creative-title">Reject the artwork</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {line ? `${line.site.name}, order #${line.order_id}. ` : ''}Say what must change: the buyer reads
          this and can upload new artwork.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label="Reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? `${reason.length} / ${MAX}`}
          slotProps={{ htmlInput: { maxLength: MAX } }}
          required
        />
        {serverError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {serverError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={busy}>
          {busy ? 'Rejecting…' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
