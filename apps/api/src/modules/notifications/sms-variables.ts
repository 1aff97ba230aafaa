import { REFUND_WORKING_DAYS } from '@ooh/shared';
import type { SmsTemplateKey } from '../sms/sms.service.ts';
import { messageFacts } from './notification-texts.ts';
import type { NotificationTemplate } from './notifications.repository.ts';

/**
 * The values of a notification's SMS template variables, in the order of its `{#var#}` (sms-templates.ts).
 * The registered text cannot change with the payload, so a missing fact is a plain word ("your site",
 * "not given"), never a dropped clause. The email keeps the fuller text of notification-texts.ts.
 */
export function smsOf(
  template: NotificationTemplate,
  payload: Record<string, unknown>,
): { key: SmsTemplateKey; values: string[] } {
  // A cancellation without a refund is its own registered text: the fixed words cannot promise one.
  if (template === 'booking_cancelled_buyer' && !messageFacts(payload).amount) {
    const values = smsVariablesOf(template, payload).slice(0, 4);
    return { key: 'booking_cancelled_buyer_no_refund', values };
  }
  return { key: template, values: smsVariablesOf(template, payload) };
}

export function smsVariablesOf(template: NotificationTemplate, payload: Record<string, unknown>): string[] {
  const f = messageFacts(payload);
  const order = f.order ?? '-';
  const site = f.site ?? 'your site';
  const period = f.period ?? 'dates in your order';
  const reason = f.reason ?? 'no reason given';
  const money = f.money ?? 'the amount';
  const days = String(REFUND_WORKING_DAYS);
  const company = f.text('company') ?? 'your company';
  const code = f.text('site_code');
  const siteRef = code
    ? `${f.text('site_name') ?? 'your site'} (${code})`
    : (f.text('site_name') ?? 'your site');
  const byTemplate: Record<NotificationTemplate, () => string[]> = {
    booking_confirmed_buyer: () => [
      order,
      f.sites ? `${f.sites} site${f.sites === 1 ? '' : 's'}${f.from ? ` from ${f.from}` : ''}` : 'your sites',
      money,
    ],
    cash_order_placed: () => [
      order,
      f.text('reservedUntil') ?? 'the time shown',
      money,
      f.text('payee') ?? 'AdSpace India',
      f.text('bankName') ?? 'our bank',
      f.text('bankAccount') ?? '-',
      f.text('ifsc') ?? '-',
      order,
    ],
    booking_confirmed_owner: () => [order, site, period],
    creative_submitted: () => [site, period, order],
    creative_approved: () => [site, period],
    creative_rejected: () => [site, period, reason],
    proof_posted: () => [site, period, order],
    refund_issued: () => [money, order, days],
    payment_returned: () => [money, order, days],
    refund_issued_owner: () => [money, site, period, order],
    booking_cancelled_owner: () => [site, period, order, reason],
    booking_cancelled_buyer: () => [site, period, order, reason, money],
    creative_due_reminder: () => [site, period, f.due ?? 'soon', order],
    creative_overdue: () => [site, period, f.due ?? 'earlier', order],
    proof_due_reminder: () => [site, period, f.due ?? 'soon', order],
    proof_overdue: () => [site, period, f.due ?? 'earlier', order],
    hold_expiring: () => [site, period, f.text('until') ?? 'within a day'],
    hold_requested: () => [site, period, f.text('until') ?? 'tomorrow'],
    hold_expired: () => [site, period],
    hold_dates_free: () => [site, period],
    proposal_received: () => [f.text('company') ?? 'A media owner', f.text('brief_name') ?? 'your brief'],
    proposal_countered_buyer: () => [
      f.text('company') ?? 'A media owner',
      f.text('brief_name') ?? 'your brief',
    ],
    approval_decided: () => [
      f.text('client_name') ?? 'Your client',
      f.text('decision') === 'approved' ? 'approved' : 'rejected',
      f.text('campaign_name') ?? 'your plan',
    ],
    approval_asked: () => [
      f.text('agency_name') ?? 'Your agency',
      f.text('client_name') ?? 'your company',
      f.text('campaign_name') ?? 'a plan',
    ],
    brief_posted: () => [f.text('brief_name') ?? 'a brief'],
    proposal_countered_owner: () => [f.text('brief_name') ?? 'a brief'],
    proposal_accepted: () => [f.text('brief_name') ?? 'a brief'],
    proposal_declined: () => [f.text('brief_name') ?? 'a brief'],
    member_invited: () => [company, ROLE_WORDS[f.text('role') ?? ''] ?? 'a member'],
    media_owner_approved: () => [company],
    media_owner_rejected: () => [company, reason],
    media_owner_suspended: () => [company, reason],
    media_owner_reinstated: () => [company],
    site_approved: () => [siteRef],
    site_rejected: () => [siteRef, reason],
    site_taken_down: () => [siteRef, reason],
    site_restored: () => [siteRef],
    site_taken_down_buyer: () => {
      const siteCode = f.text('siteCode', 'site_code');
      return [siteCode ? `${site} (${siteCode})` : site, order, period];
    },
  };
  return byTemplate[template]();
}

const ROLE_WORDS: Record<string, string> = {
  admin: 'an admin',
  manager: 'a manager',
  field: 'a field member',
};
