import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  TextField,
} from '@mui/material';
import { formatRupees, type OpsOrderDetail, type OpsRefundResponse } from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { createActionKeys } from '../../../lib/idempotency';
import { errorText, opsKeys } from '../../lib/ops-api';
import { refundLeft, wasPaid } from './refund-left';

/** The form's own copy of the API's rules, with what is left as the ceiling. */
const formSchema = (left: number) =>
  z.object({
    amount: z.coerce
      .number({ error: 'Enter the amount in rupees' })
      .positive('The amount must be more than ₹0')
      .max(left, `At most ${formatRupees(left)} is left to refund`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals (paise)'),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why: the buyer and the audit log read it')
      .max(500, 'At most 500 characters'),
  });

type Form = { amount: number; reason: string };

/**
 * POST /api/ops/orders/{id}/refunds: any amount up to what is left (paid - refunded), with a reason; the
 * lines are untouched. One Idempotency-Key per request made, so a double click or a retry refunds once.
 */
export function RefundDialog({ order }: { order: OpsOrderDetail }) {
  const [open, setOpen] = useState(false);
  // The same body retried keeps its key (refunded once); a changed amount or reason is a new request.
  const keys = useMemo(createActionKeys, []);
  // Refunds not yet processed still hold their share of the cap (the server refuses more than is left).
  const left = refundLeft(order);
  const held = Math.round((order.total - left) * 100);
  const schema = useMemo(() => formSchema(left), [left]);
  const form = useForm<Form>({ resolver: zodResolver(schema) as never, defaultValues: { reason: '' } });
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: (body: Form) =>
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
  const { errors } = form.formState;

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={left <= 0}>
        {left <= 0 ? 'Refunded in full' : 'Refund'}
      </Button>
      <Dialog
        open={open}
        onClose={refund.isPending ? undefined : () => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="refund-title"
      >
        <form noValidate onSubmit={form.handleSubmit((body) => refund.mutate(body))}>
          <DialogTitle id="refund-title">Refund order #{order.id}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Paid {formatRupees(order.total)}, refunded {formatRupees(order.refunded)}
              {held / 100 > order.refunded
                ? `, ${formatRupees(held / 100 - order.refunded)} in progress`
                : ''}
              : <strong>{formatRupees(left)} left</strong> to refund. The bookings stay as they are.
            </DialogContentText>
            {refund.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(refund.error)}
              </Alert>
            )}
            <TextField
              {...form.register('amount')}
              label="Amount"
              type="number"
              required
              fullWidth
              margin="dense"
              autoFocus
              error={Boolean(errors.amount)}
              helperText={errors.amount?.message ?? `Up to ${formatRupees(left)}`}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                htmlInput: { min: 0.01, step: 0.01, max: left, inputMode: 'decimal' },
              }}
            />
            <TextField
              {...form.register('reason')}
              label="Reason"
              required
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              error={Boolean(errors.reason)}
              helperText={errors.reason?.message ?? 'Shown on the credit note and in the audit log.'}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={refund.isPending}>
              {refund.isError ? 'Try again' : 'Refund'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
