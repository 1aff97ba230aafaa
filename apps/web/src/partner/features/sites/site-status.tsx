import { Chip, type ChipProps } from '@mui/material';
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

export function SiteStatusChip({ status, size = 'small' }: { status: SiteStatus; size?: ChipProps['size'] }) {
  const s = SITE_STATUS_LABELS[status];
  return (
    <Chip size={size} label={s.label} color={s.color} variant={status === 'draft' ? 'outlined' : 'filled'} />
  );
}
