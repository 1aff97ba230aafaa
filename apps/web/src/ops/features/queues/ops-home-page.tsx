import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { isStatus } from '../../lib/ops-api';
import {
  awaitingCashCountQuery,
  pendingSitesCountQuery,
  useAwaitingCashCount,
  usePendingOwnersCount,
  usePendingSitesCount,
} from '../../lib/use-queue-counts';

export const meta = () => pageMeta('Queues');

/**
 * Rendered on the server with the queues' counts (components/room-outlet.tsx); the pending owners' count
 * is the room's own (routes/ops.tsx), so it is not asked twice.
 */
export const loader = (args: LoaderFunctionArgs) =>
  loadQueries(args, [pendingSitesCountQuery(), awaitingCashCountQuery()]);
export const shouldRevalidate = roomShouldRevalidate;

interface QueueCardProps {
  title: string;
  to: string;
  count: number | undefined;
  loading: boolean;
  unavailable?: boolean;
  hint: string;
}

function QueueCard({ title, to, count, loading, unavailable, hint }: QueueCardProps) {
  const value = loading ? <Skeleton width={48} /> : unavailable ? '—' : count;
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="h3" component="p" sx={{ my: 1 }} aria-live="polite">
            {value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {unavailable ? 'This queue could not be loaded.' : hint}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /ops: what waits for an operator, with a way into each queue. */
export default function OpsHomePage() {
  const owners = usePendingOwnersCount();
  const sites = usePendingSitesCount();
  const cash = useAwaitingCashCount();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Queues
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Applications and sites waiting for a decision. Every approval and rejection is written to the audit
        log.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        <QueueCard
          title="Media owners to review"
          to="/ops/media-owners?status=pending"
          count={owners.data?.count}
          loading={owners.isPending}
          unavailable={owners.isError}
          hint="Companies that applied to list their sites."
        />
        <QueueCard
          title="Sites to review"
          to="/ops/sites"
          count={sites.data?.count}
          loading={sites.isPending}
          unavailable={sites.isError && !isStatus(sites.error, 401)}
          hint="New sites and changes to live sites."
        />
        <QueueCard
          title="Cash orders awaiting payment"
          to="/ops/orders?status=awaiting_payment"
          count={cash.data?.count}
          loading={cash.isPending}
          unavailable={cash.isError}
          hint="Orders held for a payment at the office or by bank transfer."
        />
      </Box>
    </>
  );
}
