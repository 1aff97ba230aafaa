import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { type HelpBodyInput, type HelpResponse, PHONE_LENGTH } from '@ooh/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../lib/api-client';
import { useNotify } from './notify';
import { TextInput } from './text-input';

export const HELP_PROMPT = 'Please share your query and we will get back to you as soon as we can.';

type HelpFormValues = Omit<HelpBodyInput, 'is_customized'>;

// The form's own messages, worded for the fields as labelled; the API checks the same rules again.
const phoneRules = {
  required: 'Please enter your phone number',
  validate: (v: string) => {
    if (!/^\+?[\d\s-]+$/.test(v.trim())) return 'Use digits only (spaces, dashes and a leading + are fine)';
    return v.replace(/\D/g, '').length >= PHONE_LENGTH || `Enter at least ${PHONE_LENGTH} digits`;
  },
};
const emailRules = {
  validate: (v: string | null | undefined) =>
    !v?.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) || 'Enter a valid email address',
};
const messageRules = {
  validate: (v: string) => v.trim().length > 0 || 'Please describe your query',
  maxLength: { value: 2000, message: 'At most 2000 characters' },
};

/** POST /help/: the visitor's query about a campaign. */
export function sendHelpRequest(body: HelpBodyInput): Promise<HelpResponse> {
  return apiRequest<HelpResponse>('/help/', { method: 'POST', body });
}

export interface HelpDialogProps {
  open: boolean;
  onClose(): void;
  /** True from a customized campaign (is_customized in the request). */
  isCustomized: boolean;
}

/**
 * The Help modal (docs/product-spec.md sections 2 and 5): phone (at least 10 digits, required), email (optional) and a
 * description; Cancel and Submit; Escape closes it.
 */
export function HelpDialog({ open, onClose, isCustomized }: HelpDialogProps) {
  const { notify } = useNotify();
  const form = useForm<HelpFormValues>({
    defaultValues: { phone_number: '', email: '', message: '' },
  });
  const send = useMutation({ mutationFn: sendHelpRequest });
  const { errors } = form.formState;

  // A closed dialog forgets what was typed and any failed attempt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens or closes
  useEffect(() => {
    if (!open) {
      form.reset();
      send.reset();
    }
  }, [open]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, is_customized: isCustomized });
      notify('Thank you. We will get back to you soon.', 'success');
      onClose();
    } catch {
      // The error shows in the dialog.
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="help-dialog-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="help-dialog-title">Help</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{HELP_PROMPT}</DialogContentText>
          <Stack spacing={2}>
            <TextInput
              label="Phone Number"
              required
              type="tel"
              autoComplete="tel"
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
              error={Boolean(errors.phone_number)}
              helperText={errors.phone_number?.message}
              {...form.register('phone_number', phoneRules)}
            />
            <TextInput
              label="Email (Optional)"
              type="email"
              autoComplete="email"
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
              {...form.register('email', emailRules)}
            />
            <TextInput
              label="Description"
              required
              multiline
              minRows={3}
              error={Boolean(errors.message)}
              helperText={errors.message?.message}
              {...form.register('message', messageRules)}
            />
            {send.isError ? <Alert severity="error">{(send.error as Error).message}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={send.isPending}>
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
