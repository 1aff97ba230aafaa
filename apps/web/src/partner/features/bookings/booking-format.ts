import { addDays, formatInr, type PartnerBooking, type PartnerBookingStatus } from '@ooh/shared';

export const STATUS_WORDS: Record<PartnerBookingStatus, string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  completed: 'Completed',
};

const fmt = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The days a line runs, first to last (the order's to_date is the day after the last). */
export const lineDates = (b: Pick<PartnerBooking, 'from_date' | 'to_date'>) =>
  `${fmt(b.from_date)} – ${fmt(addDays(b.to_date, -1))}`;

export const lineAmount = (b: Pick<PartnerBooking, 'amount'>) => formatInr(b.amount);
