import { Chip, Paper, Stack, Typography } from '@mui/material';
import type { PartnerHold } from '@ooh/shared';
import { onHoldLabel } from '../../../lib/holds/hold-words';
import { lineDates } from './booking-format';

/**
 * Buyers' live holds on the owner's sites (decisions 082, 084), apart from the paid bookings: dates kept
 * free of charge that come free again at their end unless booked. One stacked list at every width, so it
 * reads the same on the server and on a phone; the holder is not named.
 */
export function HoldsList({ holds }: { holds: PartnerHold[] }) {
  if (!holds.length) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="holds-heading" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" id="holds-heading">
        On hold, not paid ({holds.length})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Buyers keep these dates free of charge. They come free again at the time shown unless the buyer books
        them; do not mount anything for a hold.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {holds.map((h) => (
          <Stack
            component="li"
            key={h.id}
            data-testid="partner-hold"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 2 }}
            sx={{
              py: 1,
              borderTop: '1px solid',
              borderColor: 'divider',
              justifyContent: 'space-between',
              alignItems: { sm: 'center' },
            }}
          >
            <Stack sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{h.site_name}</Typography>
              {/* The code on its own line, as in the bookings table: a code is never broken in two. */}
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {h.site_code}
              </Typography>
              <Typography variant="body2">
                {lineDates(h)} · {h.days} days
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                {onHoldLabel({ until: h.expires_at })}
              </Typography>
              {h.requested ? <Chip size="small" label="Another buyer asked" variant="outlined" /> : null}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
