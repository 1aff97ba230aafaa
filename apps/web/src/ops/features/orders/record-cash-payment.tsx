import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { type MarkPaidResponse, markPaidRequestSchema, type OpsOrderDetail } from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextInput } from '../../../components/text-input';
import { rupees } from '../../lib/format';
import { errorText, opsKeys, opsPost } from '../../lib/ops-api';

/**
 * "Record cash payment" (docs/product-rules.md section 10): an operator enters the amount received and its reference
 * (receipt or UTR); the API confirms the order as an online payment would and issues its invoice. The
 * amount must be the total payable, GST included. Shown only for cash orders awaiting payment.
 */
export function RecordCashPayment({ order }: { order: OpsOrderDetail }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});
  const client = useQueryClient();
  const record = useMutation({
    mutationFn: (body: { amount: number; reference: string }) =>
      opsPost<MarkPaidResponse>(`/orders/${order.id}/mark-paid`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.all }),
  });
  // The dialog stays while open: after the payment the refreshed order is paid, and the result must show.
  const eligible = order.status === 'awaiting_payment' && order.payment_method === 'cash';
  if (!eligible && !open) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = markPaidRequestSchema.safeParse({ amount: Number(amount), reference });
    const next: typeof errors = {};
    if (!amount.trim() || !Number.isFinite(Number(amount)) || Number(amount) <= 0)
      next.amount = 'Enter the amount received in rupees';
    else if (Math.round(Number(amount) * 100) !== Math.round(order.total * 100))
      next.amount = `The amount must be the total payable, ${rupees(order.total)} (GST included)`;
    if (!parsed.success) {
      const refIssue = parsed.error.issues.find((i) => i.path[0] === 'reference');
      if (refIssue) next.reference = refIssue.message;
    }
    setErrors(next);
    if (next.amount || next.reference || !parsed.success) return;
    record.mutate(parsed.data);
  };

  return (
    <>
      {eligible ? (
        <Button variant="contained" onClick={() => setOpen(true)}>
          Record cash payment
        </Button>
      ) : null}
      <Dialog open={open} onClose={() => !record.isPending && setOpen(false)} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle>Record cash payment</DialogTitle>
          <DialogContent>
            {record.isSuccess ? (
              <Alert severity="success">
                Order #{order.id} is paid.{' '}
                {record.data.data.invoice_number ? `Invoice ${record.data.data.invoice_number} issued.` : ''}
              </Alert>
            ) : (
              <>
                <DialogContentText sx={{ mb: 2 }}>
                  Cash or bank transfer received for order #{order.id}. Total payable: {rupees(order.total)}{' '}
                  (GST included).
                </DialogContentText>
                <TextInput
                  label="Amount received (₹)"
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setErrors((x) => ({ ...x, amount: undefined }));
                  }}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  fullWidth
                  required
                  autoFocus
                  error={Boolean(errors.amount)}
                  helperText={errors.amount}
                  sx={{ mb: 2 }}
                />
                <TextInput
                  label="Reference (receipt or UTR number)"
                  value={reference}
                  onChange={(e) => {
                    setReference(e.target.value);
                    setErrors((x) => ({ ...x, reference: undefined }));
                  }}
                  fullWidth
                  required
                  error={Boolean(errors.reference)}
                  helperText={errors.reference}
                />
                {record.isError ? (
                  <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                    {errorText(record.error)}
                  </Alert>
                ) : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {record.isSuccess ? (
              <Button onClick={() => setOpen(false)}>Close</Button>
            ) : (
              <>
                <Button onClick={() => setOpen(false)} disabled={record.isPending}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={record.isPending}
                  startIcon={record.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
                >
                  {record.isPending ? 'Recording…' : 'Mark paid'}
                </Button>
              </>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
