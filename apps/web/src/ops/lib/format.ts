import { formatDateTimeIst, formatRupees } from '@ooh/shared';

// Dates and money come from the one India module (@ooh/shared india-format); only what is particular to
// the back office's tables lives here.

/** An instant as India's clock shows it, or a dash for none: operators and buyers work in IST. */
export const formatInstant = (iso: string | null | undefined) => (iso ? formatDateTimeIst(iso) : '—');
export const rupees = (amount: number) => formatRupees(amount);
/** "pending_payment" -> "Pending payment" */
export const humanize = (value: string) => {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
