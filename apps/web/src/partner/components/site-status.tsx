import { Box, Chip, type ChipProps } from '@mui/material';
import type { SiteStatus } from '@ooh/shared';

/**
 * Chip colours with text at least 4.5:1 on their background (MUI's info and warning chips put white text
 * on #0288d1 and #ed6c02, which fail WCAG AA).
 */
export const CHIP_TONES = {
  neutral: { bgcolor: 'transparent', color: '#1a2233', border: '1px solid #8792a6' },
  review: { bgcolor: '#e3ecfa', color: '#0b3d91' },
  good: { bgcolor: '#1b7f3b', color: '#ffffff' },
  paused: { bgcolor: '#fff1dc', color: '#7a4100' },
  bad: { bgcolor: '#c62828', color: '#ffffff' },
} as const;
export type ChipTone = keyof typeof CHIP_TONES;

/** How each status reads to an owner (docs/product-rules.md section 8). */
export const SITE_STATUS_LABELS: Record<SiteStatus, { label: string; tone: ChipTone; hint: string }> = {
  draft: { label: 'Draft', tone: 'neutral', hint: 'Not yet sent for review; buyers do not see it.' },
  pending: {
    label: 'In review',
    tone: 'review',
    hint: 'Waiting for our review; usually within 2 working days.',
  },
  live: { label: 'Live', tone: 'good', hint: 'Listed to buyers.' },
  paused: { label: 'Paused', tone: 'paused', hint: 'Hidden from buyers; its bookings stay.' },
  rejected: { label: 'Rejected', tone: 'bad', hint: 'Not listed; see the reason, correct and send again.' },
  taken_down: {
    label: 'Taken down',
    tone: 'bad',
    hint: 'Taken out of the catalogue by our team (see the reason); its bookings stay. Contact us to restore it.',
  },
  suspended: {
    label: 'Suspended',
    tone: 'bad',
    hint: 'Your account is suspended, so buyers do not see it; its bookings stay.',
  },
};

export function ToneChip({
  label,
  tone,
  size = 'small',
}: {
  label: string;
  tone: ChipTone;
  size?: ChipProps['size'];
}) {
  return <Chip size={size} label={label} sx={{ ...CHIP_TONES[tone], fontWeight: 600 }} />;
}

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
  const chip = <ToneChip size={size} label={s.label} tone={s.tone} />;
  if (!inReview || status === 'pending') return chip;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {chip}
      <ToneChip size={size} label="Changes in review" tone="review" />
    </Box>
  );
}
