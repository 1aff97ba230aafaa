import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { type PayoutActionBody, payoutActionBodySchema } from '@ooh/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '../../../components/text-input';

export interface PayoutActionDialogProps {
  open: boolean;
  /** "Release the payout for FC Road Gantry" */
  title: string;
  /** What the decision does, in a sentence above the reason. */
  description: string;
  /** A risk to weigh before deciding (a release before the booking starts), shown as a warning. */
  warning?: string;
  /** The button's word: Release, Hold, Accept proof, Reject proof. */
  action: string;
  /** Destructive decisions (hold, reject) are red. */
  danger?: boolean;
  pending: boolean;
  error?: string | null;
  onClose(): void;
  onSubmit(body: PayoutActionBody): void;
}

/**
 * Every operator decision on a payout says why (the audit log and the owner read it): the reason is
 * required and checked with the API's own schema before anything is sent. While the call runs both
 * buttons are disabled, so one click is one decision.
 */
export function PayoutActionDialog(props: PayoutActionDialogProps) {
  const { open, pending } = props;
  const form = useForm<PayoutActionBody>({
    resolver: zodResolver(payoutActionBodySchema),
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened dialog starts empty
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="payout-action-title"
    >
      <form noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
        <DialogTitle id="payout-action-title">{props.title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {props.description}
          </Typography>
          {props.warning ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {props.warning}
            </Alert>
          ) : null}
          {props.error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {props.error}
            </Alert>
          )}
          <TextInput
            {...form.register('reason')}
            label="Reason"
            helperText={errors.reason?.message ?? 'Kept in the audit log with your name.'}
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
          <Button onClick={props.onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={props.danger ? 'error' : 'primary'}
            variant="contained"
            loading={pending}
            disabled={pending}
          >
            {props.action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
