import { Alert, Box, Button, Chip, Container, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { formatDay, ORDER_LINE_STATUS_LABELS, type PartnerProofLine, type Proof } from '@ooh/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { ProofCard } from '../../../components/proofs/proof-card';
import { roomClientLoader } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { useHydrated } from '../../../lib/use-hydrated';
import { partnerMeta } from '../../lib/partner-meta';
import {
  partnerProofLinesQuery,
  partnerProofsKey,
  usePartnerProofLines,
  useWithdrawProof,
} from './api/partner-proofs';
import { ProofUploadButton } from './proof-upload-button';

export const meta = partnerMeta('Proof of posting');

/** Rendered on the server with the lines and their proofs (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [partnerProofLinesQuery()]);
export const clientLoader = roomClientLoader;

/** The last day of a booking: to_date is exclusive. */
const lastDay = (toDate: string) => {
  const d = new Date(`${toDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

function ProofLine({ line, onPosted }: { line: PartnerProofLine; onPosted(proof: Proof): void }) {
  // The newest first: the photo just taken is the one the owner looks for.
  const proofs = [...line.proofs].reverse();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="proof-line" data-line-id={line.id}>
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {line.site.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {line.site.code} · {line.site.address}, {line.site.city}
            </Typography>
            <Typography variant="body2">
              {line.campaign_name} · {formatDay(line.from_date)} to {formatDay(lastDay(line.to_date))} · Order
              #{line.order_id}
            </Typography>
          </Box>
          <Box>
            <Chip size="small" label={ORDER_LINE_STATUS_LABELS[line.status]} />
          </Box>
        </Stack>
        {line.can_post_proof ? (
          <ProofUploadButton lineId={line.id} siteName={line.site.name} onPosted={onPosted} />
        ) : (
          <Alert severity="info">{line.blocked_reason}</Alert>
        )}
        {proofs.length > 0 && (
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                xl: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {proofs.map((p) => (
              <Box key={p.id}>
                <ProofCard proof={p} site={line.site} />
                {line.payout_released_by_proof_id === p.id ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    This proof released your payout, so it can no longer be withdrawn.
                  </Typography>
                ) : (
                  <WithdrawButton proof={p} siteName={line.site.name} />
                )}
              </Box>
            ))}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Within 24 hours of posting, a mistaken proof can be taken back (decision 046); later the API says 409.
 * The clock decides once hydrated: the server's and the browser's differ, and near the 24th hour they would
 * draw different HTML (and the button does nothing before then).
 */
function WithdrawButton({ proof, siteName }: { proof: Proof; siteName: string }) {
  const withdraw = useWithdrawProof();
  const hydrated = useHydrated();
  if (!hydrated || Date.now() - new Date(proof.uploaded_at).getTime() > 24 * 3_600_000) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        color="error"
        disabled={withdraw.isPending}
        onClick={() => {
          if (window.confirm(`Withdraw this proof of ${siteName}? The buyer will no longer see it.`)) {
            withdraw.mutate(proof.id);
          }
        }}
      >
        Withdraw
      </Button>
      {withdraw.isError ? (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
          {withdraw.error.message}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Proof of posting (docs/product-rules.md section 9): the owner's lines running now or starting within a week. From
 * the first day, once the creative is approved, each takes photos from the phone's camera; every photo is
 * checked at once and shown Verified, or Unverified with the reasons, exactly as the buyer will see it.
 */
export default function ProofsPage() {
  const lines = usePartnerProofLines();
  const queryClient = useQueryClient();

  const posted = (lineId: number) => (proof: Proof) => {
    queryClient.setQueryData<PartnerProofLine[]>(partnerProofsKey, (old) =>
      old?.map((l) => (l.id === lineId ? { ...l, status: 'posted', proofs: [...l.proofs, proof] } : l)),
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 0, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Proof of posting
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Take a photo of each ad in place from its first day. Every photo is checked: taken within 250 m of the
        site, during the booking, and not a copy of an earlier photo. The buyer sees the photo and the result.
      </Typography>
      {lines.isPending && <LinearProgress aria-label="Loading the bookings" />}
      {lines.isError && (
        <LoadError onRetry={() => void lines.refetch()}>
          We could not load your bookings. Please try again.
        </LoadError>
      )}
      {lines.data && lines.data.length === 0 && (
        <Alert severity="info">No booking is running or starting within a week on your sites.</Alert>
      )}
      {lines.data && lines.data.length > 0 && (
        <Stack spacing={2}>
          {lines.data.map((line) => (
            <ProofLine key={line.id} line={line} onPosted={posted(line.id)} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
