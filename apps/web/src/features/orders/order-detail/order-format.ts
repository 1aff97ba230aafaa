import {
  formatBookingPeriod,
  formatDateTimeIst,
  ORDER_LINE_STATUS_LABELS,
  type OrderDetail,
  type OrderLineDetail,
} from '@ooh/shared';
import { buyerPayoutWords } from '../../../lib/payouts/payout-words';

/** An instant as "10 Dec 2026, 4:05 pm IST". */
export const formatIstTime = (iso: string) => `${formatDateTimeIst(iso)} IST`;

/** A line's days, first to last (to_date is exclusive), by the one India formatter. */
export const formatLineDates = (from: string, to: string) =>
  formatBookingPeriod(from, to, { withDays: false });

/** A line's state in words; a line of an unpaid order is held, never "Booked" (issue 19). */
export const lineStatusLabel = (status: OrderLineDetail['status']) =>
  status === 'held' ? 'Held, not paid yet' : ORDER_LINE_STATUS_LABELS[status];

export const ORDER_STATUS_LABELS: Record<OrderDetail['status'], string> = {
  pending_payment: 'Payment pending',
  awaiting_payment: 'Payment pending',
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

/**
 * The buyer's words for a line's payout, or null. Nothing is "waiting for proof" on a cancelled line, nor on a
 * line not yet begun (a proof can be posted from its first day); a cancelled line whose transfer was reversed
 * still says the owner is not paid for it.
 */
export function linePayoutWords(
  line: Pick<OrderLineDetail, 'status' | 'from_date' | 'payout_state'>,
  today: string,
): string | null {
  const state = line.payout_state ?? null;
  if (!state) return null;
  const waiting = state === 'held' || state === 'failed';
  if (waiting && (line.status === 'cancelled' || today < line.from_date)) return null;
  return buyerPayoutWords(state);
}

/** The query string My Orders' "Pay" adds: the order page opens that order's payment window as it arrives. */
export const PAY_PARAM = 'pay';
