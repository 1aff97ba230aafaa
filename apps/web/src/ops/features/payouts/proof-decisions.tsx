import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { formatRupees, type PayoutRow } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { ProofGrid } from '../../../components/proofs/proof-grid';
import { payoutDates } from '../../../lib/payouts/payout-words';
import { useOrderProofs } from '../../lib/order-proofs';
import type { PayoutAction } from './api/ops-payouts';

/** The line's proof photos with their checks, as the order page shows them (the unverified one first). */
function LineProof({ orderId, lineId }: { orderId: number; lineId: number }) {
  const proofs = useOrderProofs(orderId);
  if (proofs.isPending) return <LinearProgress aria-label="Loading the proof" />;
  const line = proofs.data?.data.find((l) => l.line_id === lineId);
  if (!line || line.proofs.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {proofs.isError ? 'The proof could not be loaded.' : 'No proof photo on this line.'}
      </Typography>
    );
  }
  const newest = [...line.proofs].sort((a, b) => (a.uploaded_at < b.uploaded_at ? 1 : -1)).slice(0, 3);
  return <ProofGrid proofs={newest} site={line.site} />;
}

/**
 * "Waiting on a proof decision": payouts whose proof the checks could not verify. The operator looks at the
 * photo (and its distance, time and camera), then accepts it (the payout is released) or rejects it with a
 * reason (the owner is asked for a new one).
 */
export function ProofDecisions({
  rows,
  busyId,
  onDecide,
}: {
  rows: PayoutRow[];
  busyId: number | null;
  onDecide(row: PayoutRow, action: PayoutAction): void;
}) {
  if (rows.length === 0) {
    return <Alert severity="success">No proof is waiting for a decision.</Alert>;
  }
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Card component="li" key={row.id} variant="outlined" data-testid="proof-decision">
          <CardContent>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', mb: 1.5 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {row.site_name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[row.site_code, row.media_owner_name].filter(Boolean).join(' · ')}
                </Typography>
                <Typography variant="body2">{payoutDates(row)}</Typography>
                <Typography variant="body2">
                  Payout held: <strong>{formatRupees(row.amount)}</strong>
                  {row.flagged ? ' · flagged: no accepted proof 48 hours after the start' : ''}
                </Typography>
              </Box>
              <Link
                component={RouterLink}
                to={`/ops/orders/${row.order_id}#proof-of-posting`}
                sx={{ flexShrink: 0 }}
              >
                Order #{row.order_id}: all proofs
              </Link>
            </Stack>
            <LineProof orderId={row.order_id} lineId={row.line_id} />
            <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
              <Button
                color="error"
                variant="outlined"
                disabled={busyId === row.id}
                onClick={() => onDecide(row, 'reject-proof')}
                aria-label={`Reject the proof for ${row.site_name}`}
              >
                Reject
              </Button>
              <Button
                variant="contained"
                disabled={busyId === row.id}
                onClick={() => onDecide(row, 'accept-proof')}
                aria-label={`Accept the proof for ${row.site_name}`}
              >
                Accept
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
