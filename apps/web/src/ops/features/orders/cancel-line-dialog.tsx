import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mui/material';
import {
  canMoveLine,
  formatBookingPeriod,
  formatRupees,
  type OpsLineCancelBody,
  type OpsLineCancelResponse,
  type OpsOrderDetail,
  type OrderLineStatus,
  opsLineCancelBodySchema,
} from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, ReasonField, RupeesField } from '../../../components/form-dialog';
import { errorText, opsKeys, opsPost } from '../../lib/ops-api';
import { lineLeft, wasPaid } from './refund-left';

type Line = OpsOrderDetail['items'][number];

/** Whether the line state machine lets this line be cancelled (never a posted, completed or cancelled one). */
export const lineCancellable = (order: OpsOrderDetail, line: Line) =>
  wasPaid(order) && canMoveLine(line.status as OrderLineStatus, 'cancelled');

/**
 * "Cancel line" (docs/product-rules.md section 14): POST /api/ops/orders/{id}/lines/{lineId}/cancel with a
 * reason and a refund in rupees with GST, 0 allowed, up to what this line has left; validated with the API's own
 * schema (opsLineCancelBodySchema). The dates are free at once; the owner and the buyer are told.
 */
export function CancelLineDialog({ order, line }: { order: OpsOrderDetail; line: Line }) {
  const [open, setOpen] = useState(false);
  // Capped by what this line has left, never the order's (decision 065): no other line pays for it.
  const left = lineLeft(line);
  const schema = useMemo(
    () =>
      opsLineCancelBodySchema.refine((b) => (b.refund ?? 0) <= left, {
        path: ['refund'],
        message: `At most ${formatRupees(left)} is left to refund`,
      }),
    [left],
  );
  const form = useForm<OpsLineCancelBody>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '', refund: 0 },
  });
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: (body: OpsLineCancelBody) =>
      opsPost<OpsLineCancelResponse>(`/orders/${order.id}/lines/${line.id}/cancel`, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: opsKeys.all });
      setOpen(false);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened dialog starts empty
  useEffect(() => {
    if (open) {
      form.reset({ reason: '', refund: 0 });
      cancel.reset();
    }
  }, [open]);
  if (!lineCancellable(order, line)) return null;
  const { errors, isDirty } = form.formState;

  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setOpen(true)}
        aria-label={`Cancel ${line.site.name}`}
      >
        Cancel line
      </Button>
      <FormDialog
        open={open}
        titleId={`cancel-line-${line.id}-title`}
        title={`Cancel ${line.site.name}`}
        intro={
          <>
            {formatBookingPeriod(line.from_date, line.to_date)} in order #{order.id}. Its dates become free at
            once; the site's owner and the buyer are told by SMS and email. Refund 0 or more, with GST:{' '}
            <strong>{formatRupees(left)} left</strong> on this line.
          </>
        }
        pending={cancel.isPending}
        error={cancel.isError ? errorText(cancel.error) : null}
        dirty={isDirty}
        onClose={() => setOpen(false)}
        onSubmit={form.handleSubmit((body) => cancel.mutate(body))}
        dismiss="Keep the line"
        submit={cancel.isError ? 'Try again' : 'Cancel line'}
        destructive
      >
        <ReasonField
          registration={form.register('reason')}
          error={errors.reason}
          helper="The owner, the buyer and the audit log read it."
          autoFocus
        />
        <RupeesField
          registration={form.register('refund', { valueAsNumber: true })}
          error={errors.refund}
          label="Refund (with GST)"
          helper={`0 refunds nothing; up to ${formatRupees(left)}`}
          left={left}
          allowZero
        />
      </FormDialog>
    </>
  );
}
