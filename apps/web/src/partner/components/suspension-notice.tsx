import { Alert, AlertTitle, Box } from '@mui/material';
import { useAuth } from '../../lib/auth/auth-context';
import { usePartnerMeQuery } from '../api/partner-me';

/**
 * What a suspended owner keeps (DESIGN 7), said at the top of every console screen: the operator's own
 * reason, that its sites left the catalogue, and that paid bookings go on (artwork, job sheets, proofs),
 * their payouts held until it is reinstated.
 */
export function SuspensionNotice() {
  const { currentUser } = useAuth();
  const me = usePartnerMeQuery(currentUser?.phone_number, true);
  const reason = me.data?.suspension_reason;
  return (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="suspension-notice">
      <AlertTitle component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        Your account is suspended
      </AlertTitle>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
        Reason: {me.isPending ? '…' : (reason ?? 'not given')}
      </Box>
      Your sites are out of the catalogue and you cannot add or edit sites or take new bookings. Paid bookings
      go on: review their artwork, download job sheets and post proofs as usual; their payouts are held until
      your account is reinstated.
    </Alert>
  );
}
