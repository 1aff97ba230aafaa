import { Box, Typography } from '@mui/material';
import { type PriceLineWire, priceLineAmount, priceLineLabel } from '@ooh/shared';

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
