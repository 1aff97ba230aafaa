import { zodResolver } from '@hookform/resolvers/zod';
import { type CreativeRejectBody, creativeRejectBodySchema, type PartnerCreativeLine } from '@ooh/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, ReasonField } from '../../../components/form-dialog';

/** Reject with a reason the buyer reads on the order page and in the SMS (checked with the API's schema). */
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
  const form = useForm<CreativeRejectBody>({
    resolver: zodResolver(creativeRejectBodySchema),
    defaultValues: { reason: '' },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a dialog opened for another line starts empty
  useEffect(() => {
    if (line) form.reset({ reason: '' });
  }, [line]);
  const { errors, isDirty } = form.formState;
  const typed = form.watch('reason').length;

  return (
    <FormDialog
      open={Boolean(line)}
      titleId="reject-creative-title"
      title="Reject the artwork"
      intro={`${line ? `${line.site.name}, order #${line.order_id}. ` : ''}Say what must change: the buyer reads this and can upload new artwork.`}
      pending={busy}
      error={serverError}
      dirty={isDirty}
      onClose={onCancel}
      onSubmit={form.handleSubmit((body) => onReject(body.reason))}
      submit="Reject"
      destructive
    >
      <ReasonField
        registration={form.register('reason')}
        error={errors.reason}
        helper={`${typed} / 500`}
        minRows={3}
        autoFocus
      />
    </FormDialog>
  );
}
