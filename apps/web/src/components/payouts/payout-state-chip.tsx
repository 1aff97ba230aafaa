import { Box, Chip } from '@mui/material';
import type { PayoutState } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { PAYOUT_STATE_TONE, PAYOUT_STATE_WORDS } from '../../lib/payouts/payout-words';

/**
 * A payout's state as a small chip. The colour is a border and a dot; the words stay in the body colour,
 * because orange or green text on white is below the 4.5:1 contrast small text needs.
 */
export function PayoutStateChip({ state, label, to }: { state: PayoutState; label?: string; to?: string }) {
  const tone = PAYOUT_STATE_TONE[state];
  const colour = tone === 'default' ? 'grey.500' : `${tone}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label ?? PAYOUT_STATE_WORDS[state]}
      data-testid="payout-state"
      {...(to ? { component: RouterLink, to, clickable: true } : {})}
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colour }}
        />
      }
      sx={{ borderColor: colour, color: 'text.primary', '& .MuiChip-icon': { ml: 1 } }}
    />
  );
}
