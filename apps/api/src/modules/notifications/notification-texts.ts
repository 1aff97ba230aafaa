import {
  formatBookingPeriod,
  formatDateIst,
  formatDay,
  formatRupeesShort,
  type IsoDate,
  isIsoDate,
  REFUND_WORKING_DAYS,
} from '@ooh/shared';
import type { NotificationTemplate } from './notifications.repository.ts';
import { renderOwnerNotification } from './owner-notification-texts.ts';

export interface RenderedMessage {
  /** The SMS text, and the email's body. */
  text: string;
  subject: string;
}

const BRAND = 'AdSpace India';

/** ₹ with Indian digit grouping: 118000 -> ₹1,18,000; paise kept only when there are some. */
export const formatRupees = (rupees: number): string => formatRupeesShort(rupees);

/** A calendar date (YYYY-MM-DD, already an IST date) or an instant, as "5 Dec 2026" in India's time. */
export function formatIstDate(value: string | Date): string {
  return typeof value === 'string' && isIsoDate(value) ? formatDay(value) : formatDateIst(value);
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
const isoOf = (payload: Record<string, unknown>, ...keys: string[]): IsoDate | undefined => {
  const v = str(payload, ...keys);
  return v && isIsoDate(v) ? v : undefined;
};

/**
 * " (1 Dec 2026 - 7 Dec 2026)" for a payload's fromDate and EXCLUSIVE toDate: people read the last day,
 * as on every other surface (docs/decisions/038-one-date-convention.md).
 */
function periodText(payload: Record<string, unknown>): string {
  const from = isoOf(payload, 'fromDate', 'from_date');
  const to = isoOf(payload, 'toDate', 'to_date');
  if (from && to && to > from) return ` (${formatBookingPeriod(from, to, { withDays: false })})`;
  return from ? ` from ${formatDay(from)}` : '';
}

/**
 * The short English text of each template (docs/product-rules.md section 11). Payload keys read (any may be missing;
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
  const range = periodText(payload);
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
    case 'cash_order_placed': {
      // The amount is the total with GST (the dialog once said the amount before GST, issue 19).
      const until = str(payload, 'reservedUntil');
      const payee = str(payload, 'payee');
      const bank = [str(payload, 'bankName'), str(payload, 'bankAccount'), str(payload, 'ifsc')];
      const where = bank.every(Boolean)
        ? ` to ${payee ? `${payee}, ` : ''}${bank[0]} a/c ${bank[1]} IFSC ${bank[2]}`
        : '';
      return m(
        `order${orderRef} placed, payment pending`,
        `order${orderRef} is reserved${until ? ` until ${until}` : ''}. Pay ${money ?? 'the total'} incl. GST${where}, quoting order${orderRef}.`,
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
        `a refund${money ? ` of ${money}` : ''} for order${orderRef} was issued. It reaches your account in ${REFUND_WORKING_DAYS} working days.`,
      );
    case 'payment_returned':
      return m(
        `payment returned`,
        `a payment${money ? ` of ${money}` : ''} for order${orderRef} that the order did not need (a duplicate or late payment) was returned to you. It reaches your account in ${REFUND_WORKING_DAYS} working days.`,
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
    case 'site_taken_down_buyer': {
      const code = str(payload, 'siteCode', 'site_code');
      return m(
        `a booked site was taken down`,
        `${site}${code ? ` (${code})` : ''}, booked in order${orderRef}${range}, was taken down by our team. Our team will contact you to keep the booking, move it to another site, or cancel it with a full refund; nothing is charged again.`,
      );
    }
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
    case 'hold_expiring': {
      const until = str(payload, 'until');
      return m(
        `your hold ends${until ? ` ${until}` : ' soon'}`,
        `your hold of ${site}${range} ends${until ? ` ${until}` : ' within a day'}. Book it, renew it once, or release it in My Orders, Holds.`,
      );
    }
    case 'hold_requested': {
      const until = str(payload, 'until');
      return m(
        `another buyer asked for your held dates`,
        `another buyer asked for ${site}${range}, which you hold. Book or release it by ${until ?? 'tomorrow'}; after that the hold ends.`,
      );
    }
    case 'hold_expired':
      return m(
        `your hold has ended`,
        `your hold of ${site}${range} has ended and the dates are open to other buyers. Hold them again from the site's page if they are still free.`,
      );
    case 'hold_dates_free':
      return m(
        `the dates you asked for are free`,
        `the dates you asked for, ${site}${range}, are free again: the buyer who held them did not book them. Hold or book them on the site's page before another buyer does.`,
      );
    case 'proposal_received':
      return m(
        `a proposal for your brief`,
        `${str(payload, 'company') ?? 'a media owner'} sent a proposal for your brief "${str(payload, 'brief_name') ?? 'your brief'}". Compare, accept, counter or decline it in Briefs.`,
      );
    case 'proposal_countered_buyer':
      return m(
        `a counter-offer on your brief`,
        `${str(payload, 'company') ?? 'a media owner'} answered your counter on "${str(payload, 'brief_name') ?? 'your brief'}". See the new prices in Briefs.`,
      );
    case 'approval_decided': {
      const decision = str(payload, 'decision') === 'approved' ? 'approved' : 'rejected';
      const client = str(payload, 'client_name') ?? 'your client';
      const by = str(payload, 'decided_by_name');
      return m(
        `${client} ${decision} a plan`,
        `${client}${by ? ` (${by})` : ''} ${decision} the plan "${str(payload, 'campaign_name') ?? 'your plan'}". See the decision and the comment in Agency, Approvals.`,
      );
    }
    case 'approval_asked': {
      const agency = str(payload, 'agency_name') ?? 'Your agency';
      const until = dateOf(payload, 'expires_at');
      return m(
        `${agency} asks you to approve a plan`,
        `${agency} asks ${str(payload, 'client_name') ?? 'you'} to approve the outdoor plan "${str(payload, 'campaign_name') ?? 'a plan'}": see its sites, dates and prices, and approve or reject it with a comment at ${str(payload, 'url') ?? 'the link your agency sent'}${until ? ` (the link works until ${until})` : ''}. No account is needed.`,
      );
    }
    default:
      return (
        renderOwnerNotification(template, payload) ??
        m('update', 'there is an update on your order. Open AdSpace India to see it.')
      );
  }
}

/** The facts of a payload as the SMS templates' variables take them (sms-variables.ts). */
export function messageFacts(payload: Record<string, unknown>) {
  const from = isoOf(payload, 'fromDate', 'from_date');
  const to = isoOf(payload, 'toDate', 'to_date');
  const amount = num(payload, 'amountRupees', 'amount');
  return {
    order: str(payload, 'orderId', 'order_id'),
    site: str(payload, 'siteName', 'site', 'site_name'),
    period:
      from && to && to > from
        ? formatBookingPeriod(from, to, { withDays: false })
        : from
          ? `from ${formatDay(from)}`
          : undefined,
    from: dateOf(payload, 'fromDate', 'from_date'),
    due: dateOf(payload, 'dueDate', 'due_date', 'dueAt'),
    amount,
    money: amount !== undefined ? formatRupees(amount) : undefined,
    reason: str(payload, 'reason'),
    sites: num(payload, 'sites'),
    text: (...keys: string[]) => str(payload, ...keys),
  };
}
