import { Box, Button, Card, CardContent, Link, Stack, TablePagination, Typography } from '@mui/material';
import { formatRupees, type PayoutRow } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { PayoutStateChip } from '../../../components/payouts/payout-state-chip';
import { payoutDates, payoutDetail } from '../../../lib/payouts/payout-words';
import type { PayoutAction } from './api/ops-payouts';
import { FlaggedMark } from './flagged-mark';
import { actionsFor, actionText } from './payout-actions';

/** The ledger on a phone: one card per payout with the same facts and actions as the table's row. */
export function PayoutLedgerCards({
  rows,
  busyId,
  onDecide,
  paging,
  onPaging,
}: {
  rows: PayoutRow[];
  busyId: number | null;
  onDecide(row: PayoutRow, action: PayoutAction): void;
  paging: { page: number; pageSize: number };
  onPaging(next: { page: number; pageSize: number }): void;
}) {
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No payouts match these filters.
      </Typography>
    );
  }
  const start = paging.page * paging.pageSize;
  return (
    <>
      <Stack component="ul" aria-label="Payout ledger" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.slice(start, start + paging.pageSize).map((row) => (
          <Card
            component="li"
            key={row.id}
            variant="outlined"
            data-testid="ledger-card"
            sx={row.flagged ? { borderLeft: 4, borderLeftColor: 'error.main' } : undefined}
          >
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'center' }}
              >
                <Link component={RouterLink} to={`/ops/orders/${row.order_id}`}>
                  Order #{row.order_id}
                </Link>
                <Stack direction="row" spacing={0.5}>
                  {row.flagged ? <FlaggedMark /> : null}
                  <PayoutStateChip state={row.state} />
                </Stack>
              </Stack>
              <Typography component="h2" sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
                {row.site_name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[row.site_code, row.media_owner_name].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2">{payoutDates(row)}</Typography>
              <Typography sx={{ fontWeight: 700, mt: 0.5 }}>{formatRupees(row.amount)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {payoutDetail(row, 'operator')}
              </Typography>
              {actionsFor(row).length > 0 ? (
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
                  {actionsFor(row).map((action) => (
                    <Button
                      key={action}
                      size="small"
                      variant={action === 'release' ? 'contained' : 'outlined'}
                      color={action === 'hold' ? 'error' : 'primary'}
                      disabled={busyId === row.id}
                      onClick={() => onDecide(row, action)}
                      aria-label={`${actionText(action, row).label} the payout for ${row.site_name}, order ${row.order_id}`}
                    >
                      {actionText(action, row).label}
                    </Button>
                  ))}
                </Box>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Stack>
      <TablePagination
        component="div"
        count={rows.length}
        page={paging.page}
        onPageChange={(_e, page) => onPaging({ ...paging, page })}
        rowsPerPage={paging.pageSize}
        onRowsPerPageChange={(e) => onPaging({ page: 0, pageSize: Number(e.target.value) })}
        rowsPerPageOptions={[10, 25, 50, 100]}
        labelRowsPerPage="Per page"
      />
    </>
  );
}
