import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { PayoutsResponse, PayoutTotals as Totals } from '@ooh/shared';
import { signedRupees } from '../../../lib/payouts/payout-words';

type LinkedAccount = NonNullable<PayoutsResponse['linked_account']>;

export const ACCOUNT_STATUS_WORDS: Record<LinkedAccount['status'], string> = {
  pending: 'Being set up with the payment provider',
  active: 'Active: released payouts reach this account',
  needs_clarification: 'The payment provider needs more details: please contact support',
  suspended: 'Suspended: payouts are paused',
};

/** The totals as rows: recovered is money taken back, so it reads negative; net paid is the sum that counts. */
export function totalRows(
  t: Totals,
): Array<{ label: string; amount: number; strong?: boolean; hint: string }> {
  return [
    { label: 'Held', amount: t.held, hint: 'Waiting for an accepted proof' },
    { label: 'Released', amount: t.released, hint: 'Sent to your bank' },
    { label: 'Reversed', amount: t.reversed, hint: 'Refunded before release' },
    { label: 'Recovered', amount: -t.recovered, hint: 'Taken back for refunds after release' },
    { label: 'Net paid', amount: t.net_paid, strong: true, hint: 'Released less recovered' },
  ];
}

/** Held, released, reversed, recovered and net paid, as a grid of figures (two a row on phones). */
export function PayoutTotals({ totals }: { totals: Totals }) {
  return (
    <Box
      component="dl"
      aria-label="Payout totals"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(4, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
      }}
    >
      {totalRows(totals).map((row) => (
        <Paper
          key={row.label}
          variant="outlined"
          sx={{
            p: 1.5,
            borderColor: row.strong ? 'primary.main' : undefined,
            gridColumn: row.strong ? { xs: '1 / -1', lg: 'auto' } : undefined,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{ m: 0, fontWeight: row.strong ? 700 : 500 }}
            data-testid={`payout-total-${row.label.toLowerCase().replace(' ', '-')}`}
          >
            {signedRupees(row.amount)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="dd" sx={{ m: 0 }}>
            {row.hint}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** Where released money goes: the bank account, only its last four digits, and the provider's status. */
export function LinkedAccountStatus({ account }: { account: PayoutsResponse['linked_account'] }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="linked-account">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <AccountBalanceIcon color="action" aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {account?.bank_account_last4 ? `Bank •••• ${account.bank_account_last4}` : 'Bank account'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {account
              ? ACCOUNT_STATUS_WORDS[account.status]
              : 'Not linked yet: payouts wait until your account is set up'}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
