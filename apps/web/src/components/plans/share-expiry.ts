import { formatDateTimeIst } from '@ooh/shared';

/**
 * When a share link stops working, as the share dialog and the shared page both say it: the same instant, in
 * IST, with its day and time ("5 Jan 2027, 1:30 am IST"), so the two never disagree by a day.
 */
export const formatLinkExpiry = (iso: string) => `${formatDateTimeIst(iso)} IST`;
