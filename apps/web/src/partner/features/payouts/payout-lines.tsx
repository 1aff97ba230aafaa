import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { formatMonth, formatRupees } from '@ooh/shared';
import { PayoutStateChip } from '../../../components/payouts/payout-state-chip';
import {
  type PayoutLine,
  payoutDates,
  payoutDetail,
  recoveryAmount,
} from '../../../lib/payouts/payout-words';

/** What one line shows, the same in the table and on a card. */
export function lineView(line: PayoutLine) {
  if (line.kind === 'payout') {
    const r = line.row;
    return {
      id: `payout-${r.id}`,
      site: r.site_name,
      code: r.site_code,
      order: r.order_id,
      dates: payoutDates(r),
      amount: formatRupees(r.amount),
      negative: false,
      chip: <PayoutStateChip state={r.state} />,
      detail: payoutDetail(r),
    };
  }
  const { recovery, of } = line;
  return {
    id: `recovery-${recovery.id}`,
    site: of?.site_name ?? `Order #${recovery.order_id}`,
    code: of?.site_code ?? null,
    order: recovery.order_id,
    dates: of ? payoutDates(of) : '',
    amount: recoveryAmount(recovery),
    negative: true,
    chip: <PayoutStateChip state="recovered" label="Recovery" />,
    detail: `Taken back from later payouts for a refund processed in ${formatMonth(recovery.month)}`,
  };
}

/** The payouts per line: a table on wide screens, one card per line on a phone (as the bookings list). */
export function PayoutLines({ lines, highlight }: { lines: PayoutLine[]; highlight?: string | null }) {
  const wide = useMediaQuery('(min-width:900px)');
  const views = lines.map((l) => ({ key: l.key, ...lineView(l) }));
  if (!wide) {
    return (
      <Stack
        spacing={1.5}
        component="ul"
        aria-label="Payouts per booking"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {views.map((v) => (
          <Card
            component="li"
            key={v.key}
            variant="outlined"
            data-testid="payout-line"
            id={v.id}
            sx={v.id === highlight ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
          >
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}
              >
                <Typography variant="subtitle2" component="p">
                  Order #{v.order}
                </Typography>
                {v.chip}
              </Stack>
              <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {v.site}
              </Typography>
              {v.code ? (
                <Typography variant="body2" color="text.secondary">
                  {v.code}
                </Typography>
              ) : null}
              {v.dates ? <Typography variant="body2">{v.dates}</Typography> : null}
              <Typography
                sx={{ fontWeight: 700, mt: 0.5, color: v.negative ? 'error.dark' : undefined }}
                data-testid="payout-amount"
              >
                {v.amount}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {v.detail}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small">
        <Box
          component="caption"
          // Visually hidden (the heading above says it), read by screen readers as the table's name.
          sx={{
            position: 'absolute',
            width: '1px',
            height: '1px',
            p: 0,
            m: '-1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
            border: 0,
          }}
        >
          Payouts per booking line; recoveries shown as negative lines
        </Box>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Site</TableCell>
            <TableCell scope="col">Dates</TableCell>
            <TableCell scope="col" align="right">
              Amount
            </TableCell>
            <TableCell scope="col">State</TableCell>
            <TableCell scope="col">Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {views.map((v) => (
            <TableRow key={v.key} id={v.id} data-testid="payout-line" selected={v.id === highlight}>
              <TableCell component="th" scope="row" sx={{ maxWidth: 260 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {v.site}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[v.code, `Order #${v.order}`].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.dates || '—'}</TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: 'nowrap', fontWeight: 600, color: v.negative ? 'error.dark' : undefined }}
                data-testid="payout-amount"
              >
                {v.amount}
              </TableCell>
              <TableCell>{v.chip}</TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {v.detail}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
