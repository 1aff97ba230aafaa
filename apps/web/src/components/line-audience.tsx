import { Typography } from '@mui/material';
import {
  type Audience,
  cpmRupees,
  formatAudience,
  formatIndianCount,
  formatRupees,
  lineImpressions,
} from '@ooh/shared';

/**
 * One line's audience with its source, its impressions over its days and its CPM before GST (decisions
 * 080, 089): the cart's and the order's lines say what each site brings, not only the plan's total.
 * `missing` is what to say without a figure (an order line booked before figures were kept says so).
 */
export function LineAudience({
  audience,
  days,
  costPaise,
  missing = 'No audience figure, so no CPM',
  prefix = 'Audience',
}: {
  audience: Audience | null | undefined;
  /** Null while the line has no dates: the daily figure alone. */
  days: number | null;
  costPaise: number;
  missing?: string;
  prefix?: string;
}) {
  let text = missing;
  if (audience && audience.daily_impressions > 0) {
    text = `${prefix}: ${formatAudience(audience)}`;
    if (days !== null && days > 0) {
      const impressions = lineImpressions({ daily_impressions: audience.daily_impressions, days });
      const cpm = cpmRupees(costPaise, impressions);
      text += ` · ${formatIndianCount(impressions)} over ${days} ${days === 1 ? 'day' : 'days'}`;
      if (cpm !== null) text += ` · CPM ${formatRupees(cpm)} per 1,000 (before GST)`;
    }
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="line-audience" sx={{ mt: 0.5 }}>
      {text}
    </Typography>
  );
}
