import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mui/material';
import {
  formatRupees,
  type OpsOrderDetail,
  type OpsRefundBody,
  type OpsRefundResponse,
  opsRefundBodySchema,
} from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, ReasonField, RupeesField } from '../../../components/form-dialog';
import { apiRequest } from '../../../lib/api-client';
import { createActionKeys } from '../../../lib/idempotency';
import { errorText, opsKeys } from '../../lib/ops-api';
import { refundLeft, wasPaid } from './refund-left';

/**
 * POST /api/ops/orders/{id}/refunds: any amount up to what is left (paid - refunded), with a reason; the
 * lines are untouched. Checked with the API's own schema (opsRefundBodySchema) and what is left as the
 * ceiling. One Idempotency-Key per request made, so a double click or a retry refunds once.
 */
export function RefundDialog({ order }: { order: OpsOrderDetail }) {
  const [open, setOpen] = useState(false);
  // The same body retried keeps its key (refunded once); a changed amount or reason is a new request.
  const keys = useMemo(createActionKeys, []);
  // Refunds not yet processed still hold their share of the cap (the server refuses more than is left).
  const left = refundLeft(order);
  const held = Math.round((order.total - left) * 100);
  const schema = useMemo(
    () =>
      opsRefundBodySchema.refine((b) => b.amount <= left, {
        path: ['amount'],
        message: `At most ${formatRupees(left)} is left to refund`,
      }),
    [left],
  );
  const form = useForm<OpsRefundBody>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: (body: OpsRefundBody) =>
      apiRequest<OpsRefundResponse>(`/ops/orders/${order.id}/refunds`, {
        method: 'POST',
        body,
        idempotencyKey: keys.keyFor(JSON.stringify(body)),
        redirectOn401: false,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: opsKeys.order(order.id) });
      setOpen(false);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened dialog starts empty with a new key
  useEffect(() => {
    if (open) {
      form.reset({ reason: '' });
      refund.reset();
      keys.done();
    }
  }, [open]);
  // Any order money was taken for: a partly refunded one can be refunded again (up to what is left).
  if (!wasPaid(order)) return null;
  const { errors, isDirty } = form.formState;

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={left <= 0}>
        {left <= 0 ? 'Refunded in full' : 'Refund'}
      </Button>
      <FormDialog
        open={open}
        titleId="refund-title"
        title={`Refund order #${order.id}`}
        intro={
          <>
            Paid {formatRupees(order.total)}, refunded {formatRupees(order.refunded)}
            {held / 100 > order.refunded ? `, ${formatRupees(held / 100 - order.refunded)} in progress` : ''}:{' '}
            <strong>{formatRupees(left)} left</strong> to refund. The bookings stay as they are.
          </>
        }
        pending={refund.isPending}
        error={refund.isError ? errorText(refund.error) : null}
        dirty={isDirty}
        onClose={() => setOpen(false)}
        onSubmit={form.handleSubmit((body) => refund.mutate(body))}
        submit={refund.isError ? 'Try again' : 'Refund'}
      >
        <RupeesField
          registration={form.register('amount', { valueAsNumber: true })}
          error={errors.amount}
          label="Amount"
          left={left}
          required
          autoFocus
        />
        <ReasonField
          registration={form.register('reason')}
          error={errors.reason}
          helper="Shown on the credit note and in the audit log."
        />
      </FormDialog>
    </>
  );
}
