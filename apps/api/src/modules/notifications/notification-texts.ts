import type { NotificationTemplate } from './notifications.repository.ts';

export interface RenderedMessage {
  /** The SMS text, and the email's body. */
  text: string;
  subject: string;
}

const BRAND = 'AdSpace India';

/** ₹ with Indian digit grouping: 118000 -> ₹1,18,000; paise kept only when there are some. */
export function formatRupees(rupees: number): string {
  const whole = Number.isInteger(rupees);
  return `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A calendar date (YYYY-MM-DD, already an IST date) or an instant, as "5 Dec 2026" in India's time. */
export function formatIstDate(value: string | Date): string {
  const instant =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00+05:30`)
      : new Date(value);
  return instant.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}

const str = (payload: Record<string, unknown>, ...keys: string[]): string | undefined => {
  for (const key of keys) {
    const v = payload[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 120);
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
};
const num = (payload: Record<string, unknown>, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const v = payload[key];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
};
const dateOf = (payload: Record<string, unknown>, ...keys: string[]): string | undefined => {
  const v = str(payload, ...keys);
  return v && !Number.isNaN(new Date(v.length === 10 ? `${v}T00:00:00+05:30` : v).getTime())
    ? formatIstDate(v)
    : undefined;
};

/**
 * The short English text of each template (DESIGN.md section 11). Payload keys read (any may be missing;
 * the text then stays general): orderId, siteName (or site), fromDate, toDate, dueDate, amountRupees,
 * sites, reason. No codes, tokens or links with secrets ever go into a payload.
 */
export function renderNotification(
  template: NotificationTemplate | string,
  payload: Record<string, unknown>,
): RenderedMessage {
  const order = str(payload, 'orderId', 'order_id');
  const orderRef = order ? ` #${order}` : '';
  const site = str(payload, 'siteName', 'site', 'site_name') ?? 'your site';
  const from = dateOf(payload, 'fromDate', 'from_date');
  const to = dateOf(payload, 'toDate', 'to_date');
  const range = from && to ? ` (${from} to ${to})` : from ? ` from ${from}` : '';
  const due = dateOf(payload, 'dueDate', 'due_date', 'dueAt');
  const amount = num(payload, 'amountRupees', 'amount');
  const money = amount !== undefined ? formatRupees(amount) : undefined;
  const reason = str(payload, 'reason');
  const m = (subject: string, text: string): RenderedMessage => ({
    subject: `${BRAND}: ${subject}`,
    text: `${BRAND}: ${text}`,
  });

  switch (template) {
    case 'booking_confirmed_buyer': {
      const sites = num(payload, 'sites');
      const what = sites
        ? `${sites} site${sites === 1 ? '' : 's'}${from ? ` from ${from}` : ''}`
        : 'your sites';
      return m(
        `order${orderRef} confirmed`,
        `order${orderRef} is confirmed: ${what}${money ? `, ${money} paid` : ''}. Upload your artwork at least 3 days before the start.`,
      );
    }
    case 'booking_confirmed_owner':
      return m(
        `new booking${orderRef}`,
        `new booking${orderRef} for ${site}${range}. The artwork follows; posting proof is due within 48 hours of the start.`,
      );
    case 'creative_submitted':
      return m(
        `artwork to review`,
        `artwork for ${site}${range} is waiting for your review (order${orderRef}).`,
      );
    case 'creative_approved':
      return m(`artwork approved`, `your artwork for ${site}${range} was approved.`);
    case 'creative_rejected':
      return m(
        `artwork rejected`,
        `your artwork for ${site}${range} was rejected${reason ? `: ${reason}` : ''}. Please upload a new one.`,
      );
    case 'proof_posted':
      return m(
        `your ad is up`,
        `a proof photo of your ad on ${site}${range} was posted. See it in your order${orderRef}.`,
      );
    case 'refund_issued':
      return m(
        `refund issued`,
        `a refund${money ? ` of ${money}` : ''} for order${orderRef} was issued. It reaches your account in 5-7 working days.`,
      );
    case 'booking_cancelled_owner':
      return m(
        `booking cancelled`,
        `the booking of ${site}${range} in order${orderRef} was cancelled${reason ? ` (${reason})` : ''}. Do not mount it; the dates are free again.`,
      );
    case 'booking_cancelled_buyer':
      return m(
        `booking cancelled`,
        `your booking of ${site}${range} in order${orderRef} was cancelled${reason ? ` (${reason})` : ''}.${money && amount ? ` A refund of ${money} is on its way.` : ''}`,
      );
    case 'refund_issued_owner':
      return m(
        `refund issued`,
        `a refund${money ? ` of ${money}` : ''} was issued to the buyer for ${site}${range} in order${orderRef}; your statement shows it.`,
      );
    case 'creative_due_reminder':
      return m(
        `artwork due${due ? ` by ${due}` : ''}`,
        `the artwork for ${site}${range} is due${due ? ` by ${due}` : ' soon'}. Upload it in your order${orderRef}.`,
      );
    case 'creative_overdue':
      return m(
        `artwork overdue`,
        `the artwork for ${site}${range} is overdue${due ? ` (due ${due})` : ''}. Upload it now in your order${orderRef} so the ad can go up.`,
      );
    case 'proof_due_reminder':
      return m(
        `posting proof due${due ? ` by ${due}` : ''}`,
        `the posting proof for ${site}${range} is due${due ? ` by ${due}` : ' soon'} (order${orderRef}).`,
      );
    case 'proof_overdue':
      return m(
        `posting proof overdue`,
        `the posting proof for ${site}${range} is overdue${due ? `, it was due ${due}` : ''} (order${orderRef}). Upload the photos now.`,
      );
    default:
      return m('update', 'there is an update on your order. Open AdSpace India to see it.');
  }
}
