import { formatBookingPeriod, formatDateTimeIst, type OrderDetail } from '@ooh/shared';

/** An instant as "10 Dec 2026, 4:05 pm IST". */
export const formatIstTime = (iso: string) => `${formatDateTimeIst(iso)} IST`;

/** A line's days, first to last (to_date is exclusive), by the one India formatter. */
export const formatLineDates = (from: string, to: string) => formatBookingPeriod(from, to);

export const ORDER_STATUS_LABELS: Record<OrderDetail['status'], string> = {
  pending_payment: 'Payment pending',
  awaiting_payment: 'Awaiting cash payment',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
