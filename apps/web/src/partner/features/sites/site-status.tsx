import { Box, Chip, type ChipProps } from '@mui/material';
import type { SiteStatus } from '@ooh/shared';

/** How each status reads to an owner (DESIGN.md section 8). */
export const SITE_STATUS_LABELS: Record<
  SiteStatus,
  { label: string; color: ChipProps['color']; hint: string }
> = {
  draft: { label: 'Draft', color: 'default', hint: 'Not yet sent for review; buyers do not see it.' },
  pending: {
    label: 'In review',
    color: 'info',
    hint: 'Waiting for our review; usually within 2 working days.',
  },
  live: { label: 'Live', color: 'success', hint: 'Listed to buyers.' },
  paused: { label: 'Paused', color: 'warning', hint: 'Hidden from buyers; its bookings stay.' },
  rejected: {
    label: 'Rejected',
    color: 'error',
    hint: 'Not listed; see the reason, correct and send again.',
  },
};

export function SiteStatusChip({
  status,
  size = 'small',
  inReview = false,
}: {
  status: SiteStatus;
  size?: ChipProps['size'];
  /** A listed site with changes or photos waiting for review. */
  inReview?: boolean;
}) {
  const s = SITE_STATUS_LABELS[status];
  const chip = (
    <Chip size={size} label={s.label} color={s.color} variant={status === 'draft' ? 'outlined' : 'filled'} />
  );
  if (!inReview || status === 'pending') return chip;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {chip}
      <Chip size={size} label="Changes in review" color="info" variant="outlined" />
    </Box>
  );
}
