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
