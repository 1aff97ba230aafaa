import {
  Alert,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateIst, type OpsOrderDetail } from '@ooh/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { humanize, rupees } from '../../lib/format';

/** A private PDF (invoice, credit note) fetched with the operator's token and saved. */
function PdfButton({ url, fileName, label }: { url: string; fileName: string; label: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await apiDownload(url, fileName);
      setState({ busy: false, error: null });
    } catch (err) {
      setState({
        busy: false,
        error: err instanceof ApiError ? err.message : 'The file could not be downloaded.',
      });
    }
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button size="small" variant="outlined" onClick={download} loading={state.busy}>
        {label}
      </Button>
      {state.error ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {state.error}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function InvoiceDownload({ order }: { order: OpsOrderDetail }) {
  if (!order.invoice) return null;
  return (
    <PdfButton
      url={order.invoice.url}
      fileName={`invoice-${order.invoice.number.replaceAll('/', '-')}.pdf`}
      label={`Tax invoice ${order.invoice.number}`}
    />
  );
}

const REFUND_TONE = {
  processed: 'success',
  pending: 'warning',
  in_flight: 'warning',
  failed: 'error',
  abandoned: 'default',
} as const;

/**
 * The order's refunds with their status, reason and credit note: the same ledger the buyer reads
 * (only processed refunds count in "Refunded").
 */
export function OrderRefundsTable({ order }: { order: OpsOrderDetail }) {
  if (order.refunds.length === 0) return <Typography color="text.secondary">No refunds.</Typography>;
  return (
    <Table size="small" aria-label="Refunds of this order">
      <TableHead>
        <TableRow>
          <TableCell scope="col">Date</TableCell>
          <TableCell scope="col" align="right">
            Amount
          </TableCell>
          <TableCell scope="col">Status</TableCell>
          <TableCell scope="col">Reason</TableCell>
          <TableCell scope="col">Credit note</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.refunds.map((r) => (
          <TableRow key={r.id} data-testid="ops-refund">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateIst(r.created_at)}</TableCell>
            <TableCell align="right">{rupees(r.amount)}</TableCell>
            <TableCell>
              <Chip size="small" label={humanize(r.status)} color={REFUND_TONE[r.status]} />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.reason}</TableCell>
            <TableCell>
              {r.credit_note_url && r.credit_note_number ? (
                <PdfButton
                  url={r.credit_note_url}
                  fileName={`credit-note-${r.credit_note_number.replaceAll('/', '-')}.pdf`}
                  label={r.credit_note_number}
                />
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
