import { Alert, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { formatDateIst, formatRupees, type OrderDetail, type RefundSummary } from '@ooh/shared';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-download';

const STATUS: Record<RefundSummary['status'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  processed: { label: 'Refunded', color: 'success' },
  pending: { label: 'In progress', color: 'warning' },
  in_flight: { label: 'In progress', color: 'warning' },
  failed: { label: 'Being retried', color: 'error' },
  abandoned: { label: 'Settled another way', color: 'warning' },
};

const dateOf = (iso: string) => formatDateIst(iso);

function CreditNoteButton({ refund }: { refund: RefundSummary }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const url = refund.credit_note_url;
  if (!url) return null;
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await apiDownload(url, `credit-note-${refund.id}.pdf`);
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: (err as Error).message });
    }
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      <Button size="small" variant="outlined" onClick={download} loading={state.busy}>
        Credit note {refund.credit_note_number}
      </Button>
      {state.error && (
        <Alert severity="error" sx={{ py: 0 }}>
          {state.error}
        </Alert>
      )}
    </Stack>
  );
}

/** The order's refunds with their credit notes (docs/product-rules.md section 10). */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <Stack component="section" spacing={1} sx={{ mt: 1 }} aria-labelledby="order-refunds-title">
      <Typography variant="h6" component="h2" id="order-refunds-title">
        Refunds
      </Typography>
      {order.refunds.map((r) => (
        <Paper key={r.id} variant="outlined" sx={{ p: 2 }} data-testid="order-refund">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Stack spacing={0.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{formatRupees(r.amount)}</Typography>
                <Chip size="small" label={STATUS[r.status].label} color={STATUS[r.status].color} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {r.reason} · {dateOf(r.created_at)}
              </Typography>
            </Stack>
            <CreditNoteButton refund={r} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
