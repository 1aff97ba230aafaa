import { Box, Typography } from '@mui/material';
import { formatRupees, type PriceBreakdown } from '@ooh/shared';

const signed = (amount: number) => (amount < 0 ? `-${formatRupees(-amount)}` : `+${formatRupees(amount)}`);

/** What each part of a line is (rate card, a season on some days, the owner's volume discount) and the total. */
export function PriceBreakdownLines({ breakdown }: { breakdown: PriceBreakdown }) {
  return (
    <Box component="dl" sx={{ m: 0, mt: 0.5 }} data-testid="price-breakdown">
      {breakdown.lines.map((line, i) => (
        <Box
          // The lines of one answer never reorder: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, color: 'text.secondary' }}
        >
          <Typography component="dt" variant="body2">
            {line.kind === 'base'
              ? `${line.label}: ${formatRupees(line.rate ?? 0)} × ${line.days} days`
              : `${line.label} (${line.days} ${line.days === 1 ? 'day' : 'days'})`}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap' }}>
            {line.kind === 'base' ? formatRupees(line.amount) : signed(line.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
