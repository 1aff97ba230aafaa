import {
  Card,
  CardContent,
  Chip,
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
import type { PartnerBooking, PayoutRow } from '@ooh/shared';
import { PayoutBrief } from '../../components/payout-brief';
import { lineAmount, lineDates, statusWords } from './booking-format';

const statusColor = {
  upcoming: 'primary',
  running: 'success',
  completed: 'default',
  cancelled: 'error',
} as const;

/**
 * A table on wide screens, one card per line on a phone. With `payouts` (admins and managers), each line
 * also shows its payout in a few words, linking to the Payouts page.
 */
export function BookingsTable({
  rows,
  payouts,
}: {
  rows: PartnerBooking[];
  payouts?: Map<number, PayoutRow>;
}) {
  const wide = useMediaQuery('(min-width:900px)');
  if (!wide) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((b) => (
          <Card component="li" key={b.line_id} variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
                <Typography variant="subtitle2" component="h2">
                  Order #{b.order_id}
                </Typography>
                <Chip
                  size="small"
                  label={statusWords(b)}
                  color={b.refunded_in_full && b.status !== 'cancelled' ? 'warning' : statusColor[b.status]}
                />
              </Stack>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{b.site_name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {b.site_code}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {b.buyer_company}
                {b.buyer_name && b.buyer_name !== b.buyer_company ? ` · ${b.buyer_name}` : ''}
              </Typography>
              <Typography variant="body2">
                {lineDates(b)} · {b.days} days
              </Typography>
              <Typography variant="body1" sx={{ fontWeight: 600, mt: 0.5 }}>
                {lineAmount(b)}
              </Typography>
              {payouts?.has(b.line_id) ? (
                <Stack direction="row" sx={{ mt: 1 }}>
                  <PayoutBrief payout={payouts.get(b.line_id)} />
                </Stack>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Paid bookings">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Site</TableCell>
            <TableCell>Buyer</TableCell>
            <TableCell>Dates</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            {payouts ? <TableCell>Payout</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((b) => (
            <TableRow key={b.line_id} hover>
              <TableCell>#{b.order_id}</TableCell>
              <TableCell sx={{ maxWidth: 260 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {b.site_name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {b.site_code}
                </Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 240 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {b.buyer_company}
                </Typography>
                {b.buyer_name && b.buyer_name !== b.buyer_company && (
                  <Typography variant="caption" color="text.secondary">
                    {b.buyer_name}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {lineDates(b)}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {b.days} days
                </Typography>
              </TableCell>
              <TableCell align="right">{lineAmount(b)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={statusWords(b)}
                  color={b.refunded_in_full && b.status !== 'cancelled' ? 'warning' : statusColor[b.status]}
                />
              </TableCell>
              {payouts ? (
                <TableCell>
                  <PayoutBrief payout={payouts.get(b.line_id)} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
