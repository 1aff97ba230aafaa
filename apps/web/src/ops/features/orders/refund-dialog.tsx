import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import {
  formatRupees,
  type OpsLineCancelResponse,
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
import { errorText, opsKeys, opsPost } from '../../lib/ops-api';
import { lineCancellable } from './cancel-line-dialog';
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
 *
 * A kept line refunded in full (DESIGN 14) asks whether to cancel it too. Chosen, the one Refund does both
 * through the existing API: that line is cancelled with its part as the line cancel's refund
 * (POST .../lines/{lineId}/cancel), and the other lines' parts are refunded as usual. A retry after a
 * partial failure does not cancel a line twice. Not chosen, the line is kept and its owner reads
 * "Refunded, do not mount".
 */
export function RefundDialog({ order }: { order: OpsOrderDetail }) {
  const [open, setOpen] = useState(false);
  // The same body retried keeps its key (refunded once); a changed amount or reason is a new request.
  const keys = useMemo(createActionKeys, []);
  const openLines = order.items.filter((l) => l.left > 0);
  const [unpicked, setUnpicked] = useState<ReadonlySet<number>>(new Set());
  // Kept lines refunded in full that the operator chose to cancel too; and those already cancelled by
  // this dialog (a retry after a failed refund of the other lines does not cancel them again).
  const [alsoCancel, setAlsoCancel] = useState<ReadonlySet<number>>(new Set());
  const [cancelledHere, setCancelledHere] = useState<ReadonlySet<number>>(new Set());
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
    mutationFn: async ({ body, cancel }: { body: OpsRefundBody; cancel: RefundPart[] }) => {
      for (const part of cancel) {
        if (cancelledHere.has(part.lineId)) continue;
        await opsPost<OpsLineCancelResponse>(`/orders/${order.id}/lines/${part.lineId}/cancel`, {
          reason: body.reason,
          refund: part.paise / 100,
        });
        setCancelledHere((was) => new Set(was).add(part.lineId));
      }
      if (!body.parts?.length) return;
      await apiRequest<OpsRefundResponse>(`/ops/orders/${order.id}/refunds`, {
        method: 'POST',
        body,
        idempotencyKey: keys.keyFor(JSON.stringify(body)),
        redirectOn401: false,
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
      setOpen(false);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened dialog starts empty with a new key
  useEffect(() => {
    if (open) {
      form.reset({ reason: '' });
      setUnpicked(new Set());
      setAlsoCancel(new Set());
      setCancelledHere(new Set());
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
  const flip = (was: ReadonlySet<number>, lineId: number) => {
    const next = new Set(was);
    if (next.has(lineId)) next.delete(lineId);
    else next.add(lineId);
    return next;
  };
  const toggle = (lineId: number) => setUnpicked((was) => flip(was, lineId));
  const cancelling = (lineId: number) =>
    alsoCancel.has(lineId) && spent.some((l) => l.id === lineId && lineCancellable(order, l));
  const anyCancelling = spent.some((l) => cancelling(l.id));

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
        onClose={() => {
          // A line cancelled before the other lines' refund failed changed the order: read it again. Not
          // before, so that a retry refunds exactly the parts shown.
          if (cancelledHere.size > 0) void queryClient.invalidateQueries({ queryKey: opsKeys.all });
          setOpen(false);
        }}
        onSubmit={form.handleSubmit((body) => {
          const all = partsOf(body.amount, picked) ?? [];
          const cancel = all.filter((p) => cancelling(p.lineId));
          const rest = all.filter((p) => !cancelling(p.lineId));
          const restPaise = rest.reduce((sum, p) => sum + p.paise, 0);
          refund.mutate({
            cancel,
            body: {
              ...body,
              amount: cancel.length ? restPaise / 100 : body.amount,
              parts: rest.map((p) => ({ line_id: p.lineId, amount: p.paise / 100 })),
            },
          });
        })}
        submit={refund.isError ? 'Try again' : anyCancelling ? 'Cancel and refund' : 'Refund'}
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
            This refunds {l.site.name} in full. Cancel the line too?{' '}
            {lineCancellable(order, l)
              ? 'Cancelled, its dates become free and its owner and the buyer are told. '
              : 'It cannot be cancelled (its proof is posted). '}
            Otherwise the line is kept and its owner reads “Refunded, do not mount”.
            {lineCancellable(order, l) ? (
              <FormControlLabel
                sx={{ display: 'flex', mt: 0.5 }}
                control={
                  <Checkbox
                    checked={alsoCancel.has(l.id)}
                    onChange={() => setAlsoCancel((was) => flip(was, l.id))}
                  />
                }
                label={`Also cancel ${l.site.name}`}
              />
            ) : null}
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
