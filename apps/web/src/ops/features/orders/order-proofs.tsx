import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import type { OpsOrderProofs } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { ProofCard } from '../../../components/proofs/proof-card';
import { opsGet } from '../../lib/ops-api';

/**
 * The order's proofs of posting with their checks (decision 029), as the buyer sees them: operators
 * settle disputes about fake proofs from here.
 */
export function OrderProofs({ orderId }: { orderId: number }) {
  const proofs = useQuery({
    queryKey: ['ops', 'orders', orderId, 'proofs'],
    queryFn: ({ signal }) => opsGet<OpsOrderProofs>(`/orders/${orderId}/proofs`, undefined, signal),
  });
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
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {line.proofs.map((p) => (
              <ProofCard key={p.id} proof={p} site={line.site} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
