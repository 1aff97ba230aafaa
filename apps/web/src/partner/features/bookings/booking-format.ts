import {
  formatBookingPeriod,
  formatRupees,
  type PartnerBooking,
  type PartnerBookingStatus,
} from '@ooh/shared';

export const STATUS_WORDS: Record<PartnerBookingStatus, string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The days a line runs, first to last (the order's to_date is the day after the last). */
export const lineDates = (b: Pick<PartnerBooking, 'from_date' | 'to_date'>) =>
  formatBookingPeriod(b.from_date, b.to_date, { withDays: false });

export const lineAmount = (b: Pick<PartnerBooking, 'amount'>) => formatRupees(b.amount);

/** A kept line refunded in full to the buyer (decision 065): its payout is reversed, so it must not go up. */
export const REFUNDED_DO_NOT_MOUNT = 'Refunded, do not mount';

/** The chip a line shows: its status, or "refunded, do not mount" for a kept line refunded in full. */
export const statusWords = (b: Pick<PartnerBooking, 'status' | 'refunded_in_full'>) =>
  b.refunded_in_full && b.status !== 'cancelled' ? REFUNDED_DO_NOT_MOUNT : STATUS_WORDS[b.status];
