import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { ProofGrid } from '../../../components/proofs/proof-grid';
import { useOrderProofs } from '../../lib/order-proofs';

/**
 * The order's proofs of posting with their checks (decision 029), as the buyer sees them: operators
 * settle disputes about fake proofs from here.
 */
export function OrderProofs({ orderId }: { orderId: number }) {
  const proofs = useOrderProofs(orderId);
  // Opened from the payout ledger's "all proofs" link: the section is scrolled to once the photos are in.
  const { hash } = useLocation();
  const loaded = proofs.isSuccess;
  useEffect(() => {
    if (hash === '#proof-of-posting' && loaded) {
      document.getElementById('proof-of-posting')?.scrollIntoView({ block: 'start' });
    }
  }, [hash, loaded]);
  if (proofs.isPending) return <LinearProgress aria-label="Loading the proofs" />;
  if (proofs.isError) {
    return (
      <LoadError onRetry={() => void proofs.refetch()}>
        We could not load the proofs. Please try again.
      </LoadError>
    );
  }
  const lines = proofs.data.data.filter((l) => l.proofs.length > 0);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No proof photo yet.
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      {lines.map((line) => (
        <Box key={line.line_id}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {line.site.name} ({line.proofs.length})
          </Typography>
          <ProofGrid proofs={line.proofs} site={line.site} />
        </Box>
      ))}
    </Stack>
  );
}
