import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
} from '@mui/material';
import { type CancelOrderResponse, formatRupees, type OrderDetail } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { cancelOrder } from '../api/cancel-order';
import { orderQueryKey } from '../api/get-order';

/** "You will get ₹X back (50 %: 10 days before the start)", or the total of several tiers. */
export function refundSentence(quote: CancelOrderResponse): string {
  const amount = formatRupees(quote.total);
  if (quote.total === 0)
    return quote.lines.every((l) => l.percent === 0)
      ? 'You will get nothing back: the booking starts in fewer than 7 days.'
      : 'You will get nothing more back: this order has already been refunded in full.';
  const tiers = [...new Set(quote.lines.map((l) => l.label))];
  return `You will get ${amount} back (${tiers.length === 1 ? tiers[0] : tiers.join('; ')}).`;
}

export interface CancelOrderDialogProps {
  order: OrderDetail;
  lineIds?: number[];
  label: string;
  open: boolean;
  onClose(): void;
}

/**
 * The cancel dialog (docs/product-rules.md section 10): it asks the server for the refund quote, then cancels
 * with one Idempotency-Key per dialog, so a second click or a retry after a lost answer never cancels or
 * refunds twice. Its own file: MUI's Dialog and Modal load when someone first opens it, not with the order
 * page (docs/decisions/058).
 */
export default function CancelOrderDialog({ order, lineIds, label, open, onClose }: CancelOrderDialogProps) {
  const [key, setKey] = useState(newIdempotencyKey);
  const queryClient = useQueryClient();
  const body = { line_ids: lineIds };
  const quote = useQuery({
    queryKey: ['order-cancel-quote', order.order_id, lineIds ?? 'all'],
    queryFn: () => cancelOrder(order.order_id, { ...body, confirm: false }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => cancelOrder(order.order_id, { ...body, confirm: true }, key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.order_id) });
      onClose();
      setKey(newIdempotencyKey());
    },
  });
  const close = () => {
    if (!confirm.isPending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="cancel-order-title">
      <DialogTitle id="cancel-order-title">{label}?</DialogTitle>
      <DialogContent>
        {quote.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-label="Working out your refund" />
            <DialogContentText>Working out your refund…</DialogContentText>
          </Stack>
        )}
        {quote.isError && <Alert severity="error">{(quote.error as Error).message}</Alert>}
        {quote.data && (
          <>
            <DialogContentText data-testid="refund-quote" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {refundSentence(quote.data)}
            </DialogContentText>
            <List dense>
              {quote.data.lines.map((l) => {
                const line = order.lines.find((x) => x.id === l.line_id);
                return (
                  <ListItem key={l.line_id} disableGutters>
                    <ListItemText
                      primary={`${line?.product.name ?? `Line ${l.line_id}`}: ${formatRupees(l.refund)}`}
                      secondary={l.label}
                    />
                  </ListItem>
                );
              })}
            </List>
            <DialogContentText variant="body2">
              The dates become free for others at once. This cannot be undone.
            </DialogContentText>
          </>
        )}
        {confirm.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {(confirm.error as Error).message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={confirm.isPending}>
          Keep my booking
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={!quote.data}
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {confirm.isError ? 'Try again' : 'Confirm cancellation'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
