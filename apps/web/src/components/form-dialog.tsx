import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
} from '@mui/material';
import { formatRupees } from '@ooh/shared';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import { TextInput } from './text-input';

export interface FormDialogProps {
  open: boolean;
  /** The dialog is named by its title (screen readers, and the journeys find it by that name). */
  titleId: string;
  title: ReactNode;
  /** What the decision does, above the fields. */
  intro?: ReactNode;
  /** While the request is out the dialog stays open and its buttons wait. */
  pending: boolean;
  /** The last attempt's error, as the API worded it. */
  error?: string | null;
  /** Whether anything was typed: leaving the page then asks first. */
  dirty: boolean;
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The dismiss button's word ("Cancel", "Keep the line"). */
  dismiss?: string;
  submit: string;
  /** A decision that takes something away (reject, cancel) is red. */
  destructive?: boolean;
  children: ReactNode;
}

/**
 * A decision that takes a reason (and sometimes rupees), in the back office and the owner's room: a form in
 * a dialog that cannot be closed while its request is out, shows the API's refusal above the fields, and
 * guards what was typed against leaving the page. One shell for reject, suspend, abandon, refund, cancel a
 * line and reject an artwork.
 */
export function FormDialog({
  open,
  titleId,
  title,
  intro,
  pending,
  error,
  dirty,
  onClose,
  onSubmit,
  dismiss = 'Cancel',
  submit,
  destructive = false,
  children,
}: FormDialogProps) {
  useUnsavedChanges(open && dirty && !pending);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro ? <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText> : null}
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {dismiss}
          </Button>
          <Button
            type="submit"
            color={destructive ? 'error' : 'primary'}
            variant="contained"
            loading={pending}
          >
            {submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The reason every decision gives (500 characters at most, as the API's schemas say). */
export function ReasonField({
  registration,
  error,
  helper,
  minRows = 2,
  autoFocus = false,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** Who reads the reason. */
  helper: string;
  minRows?: number;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      {...registration}
      label="Reason"
      required
      fullWidth
      multiline
      minRows={minRows}
      margin="dense"
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error?.message ?? helper}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

/** Rupees with GST, to the paisa, up to what is `left` (register it with `valueAsNumber`). */
export function RupeesField({
  registration,
  error,
  label,
  helper,
  left,
  required = false,
  allowZero = false,
  autoFocus = false,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
  label: string;
  helper?: string;
  left: number;
  required?: boolean;
  allowZero?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      {...registration}
      label={label}
      type="number"
      required={required}
      fullWidth
      margin="dense"
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error?.message ?? helper ?? `Up to ${formatRupees(left)}`}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
        htmlInput: { min: allowZero ? 0 : 0.01, step: 0.01, max: left, inputMode: 'decimal' },
      }}
    />
  );
}
