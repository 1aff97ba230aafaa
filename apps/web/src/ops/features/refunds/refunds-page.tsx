import {
  Alert,
  Button,
  Chip,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AbandonRefundBody, OpsRefundRow, OpsRefundsResponse } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { RejectDialog } from '../../components/reject-dialog';
import { formatInstant, humanize, rupees } from '../../lib/format';
import { errorText, opsKeys, opsPost, opsQuery } from '../../lib/ops-api';

/** GET /api/ops/refunds?status=failed: the refunds the provider refused, retrying or waiting for an operator. */
const failedQuery = () =>
  opsQuery<OpsRefundsResponse>([...opsKeys.all, 'refunds', 'failed'], '/refunds', { status: 'failed' });

export const meta = () => pageMeta('Failed refunds');

/** Rendered on the server with the failed refunds (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [failedQuery()]);
export const shouldRevalidate = roomShouldRevalidate;

/**
 * /ops/refunds: refunds the payment provider refused (docs/decisions/036-order-ledger.md). The job queue
 * retries each with its idempotency key; "Retry now" sends one again at once (POST .../retry, same key)
 * when the provider is back; once the tries are spent it "needs action": an operator pays it
 * another way and abandons it with a reason (POST /api/ops/refunds/{id}/abandon, audited), which alone
 * frees its share of the order's cap. Until then it holds that share and returns no money.
 */
export default function RefundsPage() {
  const failed = useQuery(failedQuery());
  const [abandoning, setAbandoning] = useState<OpsRefundRow | null>(null);
  const client = useQueryClient();
  const abandon = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AbandonRefundBody }) =>
      opsPost<OpsRefundRow>(`/refunds/${id}/abandon`, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: opsKeys.all });
      setAbandoning(null);
    },
  });
  // "Retry now": the provider is back; the refund goes again with its own key (never paid twice).
  const retry = useMutation({
    mutationFn: (id: number) => opsPost<OpsRefundRow>(`/refunds/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKeys.all }),
  });
  const rows = [...(failed.data?.refunds ?? [])].sort(
    (a, b) => Number(b.needs_action) - Number(a.needs_action) || a.id - b.id,
  );
  const waiting = rows.filter((r) => r.needs_action).length;

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Failed refunds
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {failed.isSuccess
          ? `${waiting} ${waiting === 1 ? 'needs' : 'need'} action, ${rows.length - waiting} retrying`
          : 'Refunds the payment provider refused.'}
      </Typography>
      {failed.isPending && <LinearProgress aria-label="Loading the failed refunds" />}
      {failed.isError && (
        <LoadError onRetry={() => failed.refetch()}>The failed refunds could not be loaded.</LoadError>
      )}
      {retry.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(retry.error)}
        </Alert>
      )}
      {retry.isSuccess && (
        <Alert severity={retry.data.status === 'processed' ? 'success' : 'warning'} sx={{ mb: 2 }}>
          {retry.data.status === 'processed'
            ? `The ${rupees(retry.data.amount)} refund of order #${retry.data.order_id} went through (${retry.data.credit_note_number}).`
            : `The payment provider refused it again: ${retry.data.last_error ?? 'no reason given'}.`}
        </Alert>
      )}
      {failed.isSuccess && rows.length === 0 && (
        <Alert severity="success">No refund has failed: every refund reached the payment provider.</Alert>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Failed refunds" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Order</TableCell>
                <TableCell scope="col" align="right">
                  Amount
                </TableCell>
                <TableCell scope="col">Reason</TableCell>
                <TableCell scope="col">Provider's answer</TableCell>
                <TableCell scope="col">State</TableCell>
                <TableCell scope="col">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="failed-refund">
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/ops/orders/${r.order_id}`}>
                      #{r.order_id}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {humanize(r.kind)} · {formatInstant(r.created_at)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{rupees(r.amount)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.reason}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {r.last_error ?? '—'}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.attempts} {r.attempts === 1 ? 'try' : 'tries'}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {r.needs_action ? (
                      <Chip size="small" color="error" label="Needs action" />
                    ) : (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={`Retrying ${formatInstant(r.next_attempt_at)}`}
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      loading={retry.isPending && retry.variables === r.id}
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(r.id)}
                      aria-label={`Retry the ${rupees(r.amount)} refund of order #${r.order_id} now`}
                    >
                      Retry now
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        abandon.reset();
                        setAbandoning(r);
                      }}
                      aria-label={`Abandon the ${rupees(r.amount)} refund of order #${r.order_id}`}
                    >
                      Abandon
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <RejectDialog
        open={abandoning !== null}
        title={
          abandoning ? `Abandon the ${rupees(abandoning.amount)} refund of order #${abandoning.order_id}` : ''
        }
        action="Abandon"
        helper="Say how the buyer was paid instead (bank transfer, cash), or why nothing is owed. It is audited."
        pending={abandon.isPending}
        error={abandon.isError ? errorText(abandon.error) : null}
        onClose={() => setAbandoning(null)}
        onReject={(body) => abandoning && abandon.mutate({ id: abandoning.id, body })}
      />
    </>
  );
}
