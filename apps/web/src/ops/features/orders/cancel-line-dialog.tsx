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
import { errorText, opsKeys, opsPost } from '../../lib/ops-api';
import { refundLeft, wasPaid } from './refund-left';

type Line = OpsOrderDetail['items'][number];

/** Whether the line state machine lets this line be cancelled (never a posted, completed or cancelled one). */
export const lineCancellable = (order: OpsOrderDetail, line: Line) =>
  wasPaid(order) && canMoveLine(line.status as OrderLineStatus, 'cancelled');

/**
 * "Cancel line" (docs/product-rules.md section 14): POST /api/ops/orders/{id}/lines/{lineId}/cancel with a
 * reason and a refund in rupees with GST, 0 allowed, up to what is left; validated with the API's own
 * schema (opsLineCancelBodySchema). The dates are free at once; the owner and the buyer are told.
 */
export function CancelLineDialog({ order, line }: { order: OpsOrderDetail; line: Line }) {
  const [open, setOpen] = useState(false);
  const left = refundLeft(order);
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
  const { errors } = form.formState;
  const titleId = `cancel-line-${line.id}-title`;

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
      <Dialog
        open={open}
        onClose={cancel.isPending ? undefined : () => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
      >
        <form noValidate onSubmit={form.handleSubmit((body) => cancel.mutate(body))}>
          <DialogTitle id={titleId}>Cancel {line.site.name}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {formatBookingPeriod(line.from_date, line.to_date)} in order #{order.id}. Its dates become free
              at once; the site's owner and the buyer are told by SMS and email. Refund 0 or more, with GST:{' '}
              <strong>{formatRupees(left)} left</strong> on this order.
            </DialogContentText>
            {cancel.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(cancel.error)}
              </Alert>
            )}
            <TextField
              {...form.register('reason')}
              label="Reason"
              required
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              autoFocus
              error={Boolean(errors.reason)}
              helperText={errors.reason?.message ?? 'The owner, the buyer and the audit log read it.'}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              {...form.register('refund', { valueAsNumber: true })}
              label="Refund (with GST)"
              type="number"
              fullWidth
              margin="dense"
              error={Boolean(errors.refund)}
              helperText={errors.refund?.message ?? `0 refunds nothing; up to ${formatRupees(left)}`}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                htmlInput: { min: 0, step: 0.01, max: left, inputMode: 'decimal' },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep the line
            </Button>
            <Button type="submit" color="error" variant="contained" loading={cancel.isPending}>
              {cancel.isError ? 'Try again' : 'Cancel line'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
