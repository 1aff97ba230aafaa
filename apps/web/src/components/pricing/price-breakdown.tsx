import { Box, Typography } from '@mui/material';
import { type PriceLineWire, priceLineAmount, priceLineLabel } from '@ooh/shared';

/**
 * The place of a dense breakdown's first line while the server prices the dates: one caption line, as tall
 * as the base line that replaces it, so the card does not jump when the answer comes (issue 48).
 */
export function PriceBreakdownPending() {
  return (
    <Box sx={{ mt: 0.5 }} data-testid="price-breakdown-pending" aria-busy="true">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        Pricing these dates…
      </Typography>
    </Box>
  );
}

/**
 * What each part of a line is (rate card, a season on some days, the owner's volume discount), in the
 * shared words (packages/shared price-breakdown-text) the cart, checkout, order page and invoice use.
 */
export function PriceBreakdownLines({
  breakdown,
  dense,
}: {
  breakdown: { lines: PriceLineWire[] };
  dense?: boolean;
}) {
  return (
    <Box component="dl" sx={{ m: 0, mt: 0.5 }} data-testid="price-breakdown">
      {breakdown.lines.map((line, i) => (
        <Box
          // The lines of one answer never reorder: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            columnGap: 2,
            color: 'text.secondary',
          }}
        >
          <Typography
            component="dt"
            variant={dense ? 'caption' : 'body2'}
            sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {priceLineLabel(line)}
          </Typography>
          <Typography
            component="dd"
            variant={dense ? 'caption' : 'body2'}
            sx={{ m: 0, ml: 'auto', whiteSpace: 'nowrap' }}
          >
            {priceLineAmount(line)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
