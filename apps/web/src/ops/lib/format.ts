import { formatInr } from '@ooh/shared';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** An instant as India's clock shows it: operators and buyers work in IST. */
export const formatInstant = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
/** A calendar date YYYY-MM-DD as "1 Dec 2026". */
export const formatDay = (isoDate: string) => dateOnly.format(new Date(`${isoDate}T00:00:00Z`));
export const rupees = (amount: number) => formatInr(amount);
/** "pending_payment" -> "Pending payment" */
export const humanize = (value: string) => {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
