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
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  formatBookingPeriod,
  formatDay,
  formatRupees,
  type Statement,
  statementCommissionLabel,
  thisMonthIst,
} from '@ooh/shared';
import { useState } from 'react';
import { type LoaderFunctionArgs, Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { TextInput } from '../../../components/text-input';
import { apiDownload } from '../../../lib/api-download';
import { loadQueries } from '../../../lib/loader-queries';
import { canSeeMoney } from '../../api/payouts';
import { partnerMeta } from '../../lib/partner-meta';
import { usePartnerOwner } from '../../partner-context';
import { MONTH, statementQuery, useStatement } from './api/partner-statement';
import { CommissionInvoices } from './commission-invoice-card';

export const meta = partnerMeta('Statements');

/** Rendered on the server with this month's statement (components/room-outlet.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadQueries(args, [statementQuery(thisMonthIst())]);
export const shouldRevalidate = roomShouldRevalidate;

/** The month's figures, above the lines so the table keeps the page's full width. */
function Totals({ s }: { s: Statement }) {
  // Deductions read "−₹1,000.00" (never "₹-0.00"): the sign before the rupee, none on zero.
  const less = (amount: number) => (amount ? `−${formatRupees(amount)}` : formatRupees(0));
  const rows: Array<[string, string, boolean?]> = [
    ['Bookings (excl. GST)', formatRupees(s.totals.value)],
    ['Refunds (excl. GST)', less(s.totals.refunds)],
    // DESIGN 18: the owner charges GST on its supply and owes it; the marketplace keeps back its
    // commission with GST, TCS (CGST Act s.52) and TDS (Income-tax Act s.194-O), filed in the owner's name.
    ['GST on your supply', `+${formatRupees(s.totals.gst_on_supply)}`],
    [statementCommissionLabel(s), less(s.totals.commission)],
    ['GST on commission', less(s.totals.commission_gst)],
    ['TCS collected', less(s.totals.tcs)],
    ['TDS deducted', less(s.totals.tds)],
    ['Payout due', formatRupees(s.totals.payout), true],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 1.5, m: 0, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
    >
      {rows.map(([label, amount, strong]) => (
        <Paper
          key={label}
          variant="outlined"
          sx={{ p: 1.5, borderColor: strong ? 'primary.main' : undefined, minWidth: 0 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: strong ? 700 : 600, fontSize: '1.125rem', whiteSpace: 'nowrap' }}
            data-testid={strong ? 'statement-payout' : undefined}
          >
            {amount}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

type StatementLine = Statement['lines'][number];

/** Each line's DESIGN 18 figures as its payout recorded them this month; Payout is what moved to the owner. */
const MONEY_COLUMNS: ReadonlyArray<readonly [string, (l: StatementLine) => number]> = [
  ['GST on supply', (l) => l.gst_on_supply],
  ['Commission', (l) => l.commission],
  ['GST on comm.', (l) => l.commission_gst],
  ['TCS', (l) => l.tcs],
  ['TDS', (l) => l.tds],
  ['Payout', (l) => l.payout],
];

function Lines({ s }: { s: Statement }) {
  // Cards on the server and while hydrating (it cannot know the screen), the table right after on a wide one.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  if (s.lines.length === 0)
    return (
      <Alert severity="info">No bookings were paid and nothing was refunded on your sites this month.</Alert>
    );
  if (!wide) return <LineCards s={s} />;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Statement lines">
        <TableHead>
          <TableRow>
            <TableCell scope="col">Order</TableCell>
            <TableCell scope="col">Site</TableCell>
            <TableCell scope="col">Dates</TableCell>
            <TableCell scope="col" align="right">
              Value
            </TableCell>
            <TableCell scope="col" align="right">
              Refunds
            </TableCell>
            {MONEY_COLUMNS.map(([label]) => (
              <TableCell key={label} scope="col" align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {s.lines.map((l) => (
            <TableRow key={l.line_id}>
              <TableCell>#{l.order_id}</TableCell>
              <TableCell component="th" scope="row" sx={{ minWidth: 150 }}>
                {l.site.name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {l.site.code} · {l.campaign_name}
                </Typography>
              </TableCell>
              <TableCell>
                {/* to_date is exclusive: the one India formatter shows the last day. */}
                {formatBookingPeriod(l.from_date, l.to_date, { withDays: false })}
                {/* The payment's day under the dates keeps the table's money columns on a laptop's width. */}
                <Typography variant="caption" color="text.secondary" component="div">
                  {l.paid_on ? `Paid ${formatDay(l.paid_on)}` : 'Paid in an earlier month'}
                </Typography>
                {l.status === 'cancelled' ? (
                  <Typography variant="caption" color="error" component="div">
                    Cancelled
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRupees(l.value)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {l.refunds ? formatRupees(l.refunds) : '—'}
              </TableCell>
              {MONEY_COLUMNS.map(([label, pick]) => (
                <TableCell key={label} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(pick(l))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card per line, every figure on its own row (no sideways scrolling). */
function LineCards({ s }: { s: Statement }) {
  return (
    <Box
      component="ul"
      aria-label="Statement lines"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {s.lines.map((l) => (
        <Paper component="li" key={l.line_id} variant="outlined" sx={{ p: 1.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.site.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Order #{l.order_id} · {l.site.code} · {l.campaign_name}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0, mt: 1 }}
          >
            {(
              [
                ['Dates', formatBookingPeriod(l.from_date, l.to_date, { withDays: false })],
                ['Paid on', l.paid_on ? formatDay(l.paid_on) : '—'],
                ['Value', formatRupees(l.value)],
                ['Refunds', l.refunds ? formatRupees(l.refunds) : '—'],
                ...MONEY_COLUMNS.map(([label, pick]) => [label, formatRupees(pick(l))] as const),
              ] as const
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {l.status === 'cancelled' ? (
            <Typography variant="caption" color="error">
              Cancelled
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}

/**
 * /partner/statements (docs/product-rules.md section 10): a month's bookings on the owner's sites, less refunds and
 * the marketplace's commission, as the payout due; downloadable as CSV and PDF.
 */
export default function StatementsPage() {
  const owner = usePartnerOwner();
  // Field members see no money (DESIGN 7): the page says so rather than failing to load.
  if (!canSeeMoney(owner.role)) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Statements
        </Typography>
        <Alert severity="info">
          Statements are not available to field members: they are shown to the admins and managers of{' '}
          {owner.company_name}.
        </Alert>
      </Container>
    );
  }
  return <Statements admin={owner.role === 'admin'} />;
}

function Statements({ admin }: { admin: boolean }) {
  const [month, setMonth] = useState(() => thisMonthIst());
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
      <TextInput
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
        <Stack spacing={2}>
          <Totals s={statement.data} />
          {admin ? <CommissionInvoices month={month} /> : null}
          <Lines s={statement.data} />
        </Stack>
      )}
    </Container>
  );
}
