import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Container,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatBookingPeriod, formatDay, formatInr, type Statement, todayIst } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { apiRequest } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { usePageTitle } from '../../../lib/page-title';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function useStatement(month: string) {
  return useQuery({
    queryKey: ['partner', 'statement', month],
    queryFn: ({ signal }) =>
      apiRequest<Statement>('/partner/statements', { query: { month }, signal, redirectOn401: false }),
    enabled: MONTH.test(month),
    placeholderData: keepPreviousData,
  });
}

function Totals({ s }: { s: Statement }) {
  const rows: Array<[string, number, boolean?]> = [
    ['Bookings (excluding GST)', s.totals.value],
    ['Refunds (excluding GST)', -s.totals.refunds],
    [`Commission ${s.commission_percent} %`, -s.totals.commission],
    ['Payout due', s.totals.payout, true],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={0.5}>
        {rows.map(([label, amount, strong]) => (
          <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
            <Typography
              sx={{ fontWeight: strong ? 700 : 400 }}
              data-testid={strong ? 'statement-payout' : undefined}
            >
              {formatInr(amount)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function Lines({ s }: { s: Statement }) {
  // The owner's share that moved this month per line (decision 047): the line's transfer, reversals and recoveries.
  const withPayout = s.lines.some((l) => l.payout !== undefined);
  if (s.lines.length === 0)
    return (
      <Alert severity="info">No bookings were paid and nothing was refunded on your sites this month.</Alert>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Statement lines" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Order</TableCell>
            <TableCell scope="col">Site</TableCell>
            <TableCell scope="col">Dates</TableCell>
            <TableCell scope="col">Paid on</TableCell>
            <TableCell scope="col" align="right">
              Value
            </TableCell>
            <TableCell scope="col" align="right">
              Refunds
            </TableCell>
            {withPayout ? (
              <TableCell scope="col" align="right">
                Payout
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {s.lines.map((l) => (
            <TableRow key={l.line_id}>
              <TableCell>#{l.order_id}</TableCell>
              <TableCell component="th" scope="row">
                {l.site.name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {l.site.code} · {l.campaign_name}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {/* to_date is exclusive: the one India formatter shows the last day. */}
                {formatBookingPeriod(l.from_date, l.to_date, { withDays: false })}
                {l.status === 'cancelled' ? (
                  <Typography variant="caption" color="error" component="div">
                    Cancelled
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{l.paid_on ? formatDay(l.paid_on) : '—'}</TableCell>
              <TableCell align="right">{formatInr(l.value)}</TableCell>
              <TableCell align="right">{l.refunds ? formatInr(l.refunds) : '—'}</TableCell>
              {withPayout ? (
                <TableCell align="right">{l.payout === undefined ? '—' : formatInr(l.payout)}</TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * /partner/statements (docs/product-rules.md section 10): a month's bookings on the owner's sites, less refunds and
 * the marketplace's commission, as the payout due; downloadable as CSV and PDF.
 */
export default function StatementsPage() {
  usePageTitle('Statements');
  const [month, setMonth] = useState(() => todayIst().slice(0, 7));
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const valid = MONTH.test(month);
  const statement = useStatement(month);
  const download = async (kind: 'csv' | 'pdf') => {
    setBusy(kind);
    setDownloadError(null);
    try {
      await apiDownload(`/partner/statements.${kind}?month=${month}`, `statement-${month}.${kind}`);
    } catch (err) {
      setDownloadError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          Statements
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => download('csv')}
            loading={busy === 'csv'}
            disabled={!valid}
          >
            CSV
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => download('pdf')}
            loading={busy === 'pdf'}
            disabled={!valid}
          >
            PDF
          </Button>
        </Stack>
      </Stack>
      <TextField
        label="Month"
        type="month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        error={!valid}
        helperText={
          valid
            ? 'Bookings count in the month they were paid; refunds in the month they were made.'
            : 'Choose a month'
        }
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mb: 2, maxWidth: 360 }}
        fullWidth
      />
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {downloadError}
        </Alert>
      )}
      {statement.isFetching && <LinearProgress aria-label="Loading the statement" sx={{ mb: 1 }} />}
      {statement.isError && (
        <LoadError onRetry={() => statement.refetch()}>The statement could not be loaded.</LoadError>
      )}
      <Typography variant="body2" sx={{ mb: 2 }}>
        Each line's transfer, whether it is held until the proof or released, is under{' '}
        <Link component={RouterLink} to="/partner/payouts">
          Payouts
        </Link>
        .
      </Typography>
      {statement.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
            alignItems: 'start',
          }}
        >
          <Lines s={statement.data} />
          <Totals s={statement.data} />
        </Box>
      )}
    </Container>
  );
}
