import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type OpsRejectBody, opsRejectBodySchema } from '@ooh/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';

export interface RejectDialogProps {
  open: boolean;
  /** "Reject Rao Outdoor Pvt Ltd" */
  title: string;
  pending: boolean;
  error?: string | null;
  onClose(): void;
  onReject(body: OpsRejectBody): void;
  /** The button's word and who reads the reason, for the other decisions with a reason (suspend, take down). */
  action?: string;
  helper?: string;
}

/** A rejection always says why (the owner reads it): the reason is required, checked with the API's schema. */
export function RejectDialog({
  open,
  title,
  pending,
  error,
  onClose,
  onReject,
  action = 'Reject',
  helper = 'The applicant sees this reason.',
}: RejectDialogProps) {
  const form = useForm<OpsRejectBody>({
    resolver: zodResolver(opsRejectBodySchema),
    defaultValues: { reason: '' },
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(open && isDirty && !pending);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened dialog starts empty
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-title"
    >
      <form noValidate onSubmit={form.handleSubmit(onReject)}>
        <DialogTitle id="reject-title">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            {...form.register('reason')}
            label="Reason"
            helperText={errors.reason?.message ?? helper}
            error={Boolean(errors.reason)}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" loading={pending}>
            {action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
