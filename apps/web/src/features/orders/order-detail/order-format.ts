import { addDays, formatIsoDate, type OrderDetail } from '@ooh/shared';

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as "10 Dec 2026, 4:05 pm IST". */
export const formatIstTime = (iso: string) => `${IST.format(new Date(iso))} IST`;

/** A line's days; to_date is exclusive, so the last day shown is the one before it. */
export const formatLineDates = (from: string, to: string) =>
  `${formatIsoDate(from)} – ${formatIsoDate(addDays(to, -1))}`;

export const ORDER_STATUS_LABELS: Record<OrderDetail['status'], string> = {
  pending_payment: 'Payment pending',
  awaiting_payment: 'Awaiting cash payment',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  expired: 'Expired',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
