import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mui/material';
import { type OpsRejectBody, opsRejectBodySchema } from '@ooh/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, ReasonField } from '../../components/form-dialog';

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
  /** A warning above the reason (why this decision needs one). */
  warning?: string;
  /** Red submit button (default): false for a decision that goes ahead (approving a possible duplicate). */
  destructive?: boolean;
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
  warning,
  destructive = true,
}: RejectDialogProps) {
  const form = useForm<OpsRejectBody>({
    resolver: zodResolver(opsRejectBodySchema),
    defaultValues: { reason: '' },
  });
  const { errors, isDirty } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened dialog starts empty
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open]);

  return (
    <FormDialog
      open={open}
      titleId="reject-title"
      title={title}
      pending={pending}
      error={error}
      dirty={isDirty}
      onClose={onClose}
      onSubmit={form.handleSubmit(onReject)}
      submit={action}
      destructive={destructive}
    >
      {warning ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
      ) : null}
      <ReasonField
        registration={form.register('reason')}
        error={errors.reason}
        helper={helper}
        minRows={3}
        autoFocus
      />
    </FormDialog>
  );
}
