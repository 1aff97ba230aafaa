import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import {
  formatRupees,
  type OpsOrderDetail,
  type OpsRefundBody,
  type OpsRefundResponse,
  opsRefundBodySchema,
  type RefundPart,
  spreadOverLines,
  toPaise,
} from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, ReasonField, RupeesField } from '../../../components/form-dialog';
import { apiRequest } from '../../../lib/api-client';
import { createActionKeys } from '../../../lib/idempotency';
import { errorText, opsKeys } from '../../lib/ops-api';
import { refundLeft, wasPaid } from './refund-left';

/** The amount over the picked lines by what each has left (the API's own rule), or null while it does not fit. */
function partsOf(amount: number, lines: OpsOrderDetail['items']): RefundPart[] | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  try {
    return spreadOverLines(
      toPaise(amount),
      lines.map((l) => ({ id: l.id, leftPaise: toPaise(l.left) })),
    );
  } catch {
    return null;
  }
}

/**
 * POST /api/ops/orders/{id}/refunds: an amount over the lines picked (every line with something left by
 * default), with a reason; the lines are kept. Each line's part is shown before confirming and sent as
 * `parts`, so the server refunds exactly what was shown (decision 065); the ceiling is what the picked
 * lines have left. Checked with the API's own schema. One Idempotency-Key per request made, so a double
 * click or a retry refunds once.
 */
export function RefundDialog({ order }: { order: OpsOrderDetail }) {
  const [open, setOpen] = useState(false);
  // The same body retried keeps its key (refunded once); a changed amount or reason is a new request.
  const keys = useMemo(createActionKeys, []);
  const openLines = order.items.filter((l) => l.left > 0);
  const [unpicked, setUnpicked] = useState<ReadonlySet<number>>(new Set());
  const picked = openLines.filter((l) => !unpicked.has(l.id));
  // Refunds not yet processed still hold their share of the cap (the server refuses more than is left).
  const orderLeft = refundLeft(order);
  const left = picked.reduce((s, l) => s + toPaise(l.left), 0) / 100;
  const held = Math.round((order.total - orderLeft) * 100);
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
      setUnpicked(new Set());
      refund.reset();
      keys.done();
    }
  }, [open]);
  // Any order money was taken for: a partly refunded one can be refunded again (up to what is left).
  if (!wasPaid(order)) return null;
  const { errors, isDirty } = form.formState;
  const parts = partsOf(form.watch('amount'), picked);
  const partOf = (lineId: number) => parts?.find((p) => p.lineId === lineId)?.paise;
  // A kept line refunded in full (DESIGN 14): its owner would read "refunded, do not mount"; ask first.
  const spent = openLines.filter(
    (l) => l.status !== 'cancelled' && partOf(l.id) !== undefined && partOf(l.id) === toPaise(l.left),
  );
  const toggle = (lineId: number) =>
    setUnpicked((was) => {
      const next = new Set(was);
      if (next.has(lineId)) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={orderLeft <= 0}>
        {orderLeft <= 0 ? 'Refunded in full' : 'Refund'}
      </Button>
      <FormDialog
        open={open}
        titleId="refund-title"
        title={`Refund order #${order.id}`}
        intro={
          <>
            Paid {formatRupees(order.total)}, refunded {formatRupees(order.refunded)}
            {held / 100 > order.refunded ? `, ${formatRupees(held / 100 - order.refunded)} in progress` : ''}:{' '}
            <strong>{formatRupees(orderLeft)} left</strong> to refund. The bookings stay as they are; only the
            lines picked give their part.
          </>
        }
        pending={refund.isPending}
        error={refund.isError ? errorText(refund.error) : null}
        dirty={isDirty}
        onClose={() => setOpen(false)}
        onSubmit={form.handleSubmit((body) =>
          refund.mutate({
            ...body,
            parts: (partsOf(body.amount, picked) ?? []).map((p) => ({
              line_id: p.lineId,
              amount: p.paise / 100,
            })),
          }),
        )}
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
        <FormGroup aria-label="Lines to refund">
          {openLines.map((l) => {
            const part = partOf(l.id);
            return (
              <FormControlLabel
                key={l.id}
                control={<Checkbox checked={!unpicked.has(l.id)} onChange={() => toggle(l.id)} />}
                label={
                  <Typography variant="body2">
                    {l.site.name}: {formatRupees(l.left)} left
                    {part !== undefined ? ` · refunds ${formatRupees(part / 100)}` : ''}
                  </Typography>
                }
              />
            );
          })}
        </FormGroup>
        {spent.map((l) => (
          <Alert key={l.id} severity="warning" data-testid="refund-in-full">
            This refunds {l.site.name} in full. Cancel the line too? Close this and use “Cancel {l.site.name}
            ”: its dates become free. Otherwise the line is kept and its owner reads “refunded, do not mount”.
          </Alert>
        ))}
        <ReasonField
          registration={form.register('reason')}
          error={errors.reason}
          helper="Shown on the credit note and in the audit log."
        />
      </FormDialog>
    </>
  );
}
