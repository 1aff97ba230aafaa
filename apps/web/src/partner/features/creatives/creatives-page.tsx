import {
  Alert,
  Container,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { PartnerCreativeLine } from '@ooh/shared';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { ApiError } from '../../../lib/api-client';
import { loadQueries } from '../../../lib/loader-queries';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import {
  type CreativeFilter,
  partnerCreativesQuery,
  usePartnerCreatives,
  useReviewCreative,
} from './api/partner-creatives';
import { CreativeCard } from './creative-card';
import { RejectCreativeDialog } from './reject-creative-dialog';

const FILTERS: Array<{ value: CreativeFilter; label: string; empty: string }> = [
  { value: 'submitted', label: 'To review', empty: 'No artwork is waiting for your review.' },
  { value: 'approved', label: 'Approved', empty: 'No approved artwork yet.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected artwork.' },
  { value: 'all', label: 'All', empty: 'No buyer has uploaded artwork for your sites yet.' },
];

/** The artwork shown first: what waits for the owner's review (the filter is the screen's own state). */
const FIRST_FILTER: CreativeFilter = 'submitted';

export const meta = partnerMeta('Artwork');

/** Rendered on the server with the artwork waiting for review (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [partnerCreativesQuery(FIRST_FILTER)]);
export const shouldRevalidate = roomShouldRevalidate;

/**
 * /partner/creatives (docs/product-rules.md section 9): the buyers' artwork for lines on the owner's sites, waiting for
 * review first; Approve, or Reject with a reason the buyer reads.
 */
export default function CreativesPage() {
  const [filter, setFilter] = useState<CreativeFilter>(FIRST_FILTER);
  const list = usePartnerCreatives(filter);
  const review = useReviewCreative();
  const [rejecting, setRejecting] = useState<PartnerCreativeLine | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const errorText = (err: unknown) =>
    err instanceof ApiError ? err.message : 'That did not work; please try again.';

  const approve = (line: PartnerCreativeLine) => {
    setMessage(null);
    review.mutate(
      { lineId: line.line_id },
      {
        onSuccess: () => setMessage({ severity: 'success', text: `Artwork for ${line.site.name} approved.` }),
        onError: (err) => setMessage({ severity: 'error', text: errorText(err) }),
      },
    );
  };
  const reject = (reason: string) => {
    if (!rejecting) return;
    const line = rejecting;
    review.mutate(
      { lineId: line.line_id, reject: { reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          setMessage({
            severity: 'success',
            text: `Artwork for ${line.site.name} rejected; the buyer is told.`,
          });
        },
      },
    );
  };
  const current = FILTERS.find((f) => f.value === filter) ?? FILTERS[0];
  const canDecide = usePartnerOwner().role !== 'field';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Artwork
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Buyers upload their artwork up to 3 days before the start. Open it at full size, then approve it, or
        reject it with a reason so they can upload again.
      </Typography>
      <ToggleButtonGroup
        value={filter}
        exclusive
        size="small"
        onChange={(_, value: CreativeFilter | null) => value && setFilter(value)}
        aria-label="Show artwork"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f.value} value={f.value}>
            {f.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {message ? (
        <Alert severity={message.severity} sx={{ mb: 2 }} onClose={() => setMessage(null)} role="status">
          {message.text}
        </Alert>
      ) : null}
      {list.isFetching ? <LinearProgress aria-label="Loading artwork" sx={{ mb: 1 }} /> : null}
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          We could not load the artwork. Please try again.
        </LoadError>
      ) : list.data ? (
        list.data.data.length ? (
          <Stack spacing={2}>
            {list.data.data.map((line) => (
              <CreativeCard
                key={line.line_id}
                line={line}
                busy={review.isPending}
                canDecide={canDecide}
                onApprove={() => approve(line)}
                onReject={() => {
                  review.reset();
                  setRejecting(line);
                }}
              />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{current.empty}</Typography>
        )
      ) : null}
      <RejectCreativeDialog
        line={rejecting}
        busy={review.isPending}
        serverError={review.isError && rejecting ? errorText(review.error) : null}
        onCancel={() => setRejecting(null)}
        onReject={reject}
      />
    </Container>
  );
}
