/**
 * Every SMS the product sends, as registered on the DLT platform (TRAI's Telecom Commercial
 * Communications Customer Preference Regulations 2018: an operator delivers a business SMS only when its
 * text matches a content template registered by the sender's entity, under a registered header).
 * DESIGN section 18, docs/decisions/078.
 *
 * One entry per message: the template's text exactly as registered, each variable part written `{#var#}`
 * (DLT's placeholder; at most 30 characters each, longer values are cut), and its DLT template id once
 * registered. An id may also be given, without a release, by the setting SMS_DLT_TEMPLATE_IDS
 * (`login_code=1107170000000000001,refund_issued=...`), which wins over the id written here. The entity id
 * (SMS_DLT_ENTITY_ID) and the header (SMS_SENDER_ID) are settings; the HTTP gateway receives the template
 * id and the variables with each message. In production a message whose template has no id is not sent:
 * it is marked failed with the reason, which operators read at GET /api/ops/sms/undelivered (sign-in
 * codes answer 502 and log it); development sends them all.
 *
 * Every message added later adds its template here: the keys are the notification templates' type plus
 * the sign-in code, so a message without an entry does not compile, and sms-templates.test.ts checks
 * every message the code queues against this list.
 */

export const DLT_VAR = '{#var#}';
/** DLT's cap on one variable's length. */
export const DLT_VAR_MAX_CHARS = 30;

export interface SmsTemplate {
  /** The DLT content template id (19 digits), null until registered. */
  id: string | null;
  /** The registered text: fixed words and `{#var#}` placeholders. */
  text: string;
}

const B = 'AdSpace India:';

export const SMS_TEMPLATES = {
  // The sign-in code (SMS_TEMPLATE is this text with {code} for the variable).
  login_code: { id: null, text: `${DLT_VAR} is your AdSpace India login code. It expires in 5 minutes.` },
  booking_confirmed_buyer: {
    id: null,
    text: `${B} order #${DLT_VAR} is confirmed: ${DLT_VAR}, ${DLT_VAR} paid. Upload your artwork at least 3 days before the start.`,
  },
  cash_order_placed: {
    id: null,
    text: `${B} order #${DLT_VAR} is reserved until ${DLT_VAR}. Pay ${DLT_VAR} incl. GST to ${DLT_VAR}, ${DLT_VAR} a/c ${DLT_VAR} IFSC ${DLT_VAR}, quoting order #${DLT_VAR}.`,
  },
  booking_confirmed_owner: {
    id: null,
    text: `${B} new booking #${DLT_VAR} for ${DLT_VAR} (${DLT_VAR}). The artwork follows; posting proof is due within 48 hours of the start.`,
  },
  creative_submitted: {
    id: null,
    text: `${B} artwork for ${DLT_VAR} (${DLT_VAR}) is waiting for your review (order #${DLT_VAR}).`,
  },
  creative_approved: { id: null, text: `${B} your artwork for ${DLT_VAR} (${DLT_VAR}) was approved.` },
  creative_rejected: {
    id: null,
    text: `${B} your artwork for ${DLT_VAR} (${DLT_VAR}) was rejected: ${DLT_VAR}. Please upload a new one.`,
  },
  proof_posted: {
    id: null,
    text: `${B} a proof photo of your ad on ${DLT_VAR} (${DLT_VAR}) was posted. See it in your order #${DLT_VAR}.`,
  },
  refund_issued: {
    id: null,
    text: `${B} a refund of ${DLT_VAR} for order #${DLT_VAR} was issued. It reaches your account in ${DLT_VAR} working days.`,
  },
  payment_returned: {
    id: null,
    text: `${B} a payment of ${DLT_VAR} for order #${DLT_VAR} that the order did not need (a duplicate or late payment) was returned to you. It reaches your account in ${DLT_VAR} working days.`,
  },
  refund_issued_owner: {
    id: null,
    text: `${B} a refund of ${DLT_VAR} was issued to the buyer for ${DLT_VAR} (${DLT_VAR}) in order #${DLT_VAR}; your statement shows it.`,
  },
  booking_cancelled_owner: {
    id: null,
    text: `${B} the booking of ${DLT_VAR} (${DLT_VAR}) in order #${DLT_VAR} was cancelled (${DLT_VAR}). Do not mount it; the dates are free again.`,
  },
  booking_cancelled_buyer: {
    id: null,
    text: `${B} your booking of ${DLT_VAR} (${DLT_VAR}) in order #${DLT_VAR} was cancelled (${DLT_VAR}). A refund of ${DLT_VAR} is on its way.`,
  },
  booking_cancelled_buyer_no_refund: {
    id: null,
    text: `${B} your booking of ${DLT_VAR} (${DLT_VAR}) in order #${DLT_VAR} was cancelled (${DLT_VAR}).`,
  },
  creative_due_reminder: {
    id: null,
    text: `${B} the artwork for ${DLT_VAR} (${DLT_VAR}) is due by ${DLT_VAR}. Upload it in your order #${DLT_VAR}.`,
  },
  creative_overdue: {
    id: null,
    text: `${B} the artwork for ${DLT_VAR} (${DLT_VAR}) is overdue (due ${DLT_VAR}). Upload it now in your order #${DLT_VAR} so the ad can go up.`,
  },
  proof_due_reminder: {
    id: null,
    text: `${B} the posting proof for ${DLT_VAR} (${DLT_VAR}) is due by ${DLT_VAR} (order #${DLT_VAR}).`,
  },
  proof_overdue: {
    id: null,
    text: `${B} the posting proof for ${DLT_VAR} (${DLT_VAR}) is overdue, it was due ${DLT_VAR} (order #${DLT_VAR}). Upload the photos now.`,
  },
  hold_expiring: {
    id: null,
    text: `${B} your hold of ${DLT_VAR} (${DLT_VAR}) ends ${DLT_VAR}. Book it, renew it once, or release it in My Orders, Holds.`,
  },
  hold_requested: {
    id: null,
    text: `${B} another buyer asked for ${DLT_VAR} (${DLT_VAR}), which you hold. Book or release it by ${DLT_VAR}; after that the hold ends.`,
  },
  hold_expired: {
    id: null,
    text: `${B} your hold of ${DLT_VAR} (${DLT_VAR}) has ended and the dates are open to other buyers. Hold them again if they are still free.`,
  },
  hold_dates_free: {
    id: null,
    text: `${B} the dates you asked for, ${DLT_VAR} (${DLT_VAR}), are free again. Hold or book them before another buyer does.`,
  },
  member_invited: {
    id: null,
    text: `${B} you were invited to ${DLT_VAR} as ${DLT_VAR}. Sign in with this number to open the partner console.`,
  },
  media_owner_approved: {
    id: null,
    text: `${B} ${DLT_VAR} is approved. You can now list and manage your sites.`,
  },
  media_owner_rejected: {
    id: null,
    text: `${B} the application of ${DLT_VAR} was not approved: ${DLT_VAR}`,
  },
  media_owner_suspended: {
    id: null,
    text: `${B} ${DLT_VAR} is suspended and its sites are hidden from buyers: ${DLT_VAR} Paid bookings go on.`,
  },
  media_owner_reinstated: {
    id: null,
    text: `${B} ${DLT_VAR} is reinstated; its sites are back in the catalogue.`,
  },
  site_approved: { id: null, text: `${B} ${DLT_VAR} is approved and live.` },
  site_rejected: { id: null, text: `${B} ${DLT_VAR} was not approved: ${DLT_VAR}` },
  site_taken_down: {
    id: null,
    text: `${B} ${DLT_VAR} was taken down by our team: ${DLT_VAR} Paid bookings go on.`,
  },
  site_restored: { id: null, text: `${B} ${DLT_VAR} is back in the catalogue.` },
  proposal_received: {
    id: null,
    text: `${B} ${DLT_VAR} sent a proposal for your brief "${DLT_VAR}". Compare, accept, counter or decline it in Briefs.`,
  },
  proposal_countered_buyer: {
    id: null,
    text: `${B} ${DLT_VAR} answered your counter on "${DLT_VAR}". See the new prices in Briefs.`,
  },
  approval_decided: {
    id: null,
    text: `${B} ${DLT_VAR} ${DLT_VAR} the plan "${DLT_VAR}". See the decision and the comment in Agency, Approvals.`,
  },
  // Queued by email only (its link is longer than a DLT variable may be); kept here so every template is.
  approval_asked: {
    id: null,
    text: `${B} ${DLT_VAR} asks ${DLT_VAR} to approve the plan "${DLT_VAR}". The link to approve or reject it is in your email.`,
  },
  brief_posted: {
    id: null,
    text: `${B} a buyer posted the brief "${DLT_VAR}", which matches your live sites. Answer it in the partner console, Briefs.`,
  },
  proposal_countered_owner: {
    id: null,
    text: `${B} the buyer of "${DLT_VAR}" countered your proposal. Accept, counter or decline in the partner console, Briefs.`,
  },
  proposal_accepted: {
    id: null,
    text: `${B} the buyer of "${DLT_VAR}" accepted lines of your proposal; their dates are held until it lapses.`,
  },
  proposal_declined: { id: null, text: `${B} the buyer of "${DLT_VAR}" declined your proposal.` },
  site_taken_down_buyer: {
    id: null,
    text: `${B} ${DLT_VAR}, booked in order #${DLT_VAR} (${DLT_VAR}), was taken down by our team. We will contact you to keep, move or cancel it with a full refund.`,
  },
} satisfies Record<string, SmsTemplate>;

/**
 * The sign-in code, every notification, and the SMS-only variant of a cancellation without a refund. The
 * notifications module checks at compile time that each of its templates is one of these keys
 * (`sms-variables.ts` answers a notification's template as a key), so the sms module needs no import of
 * notifications (decision 072: sms sits below notifications).
 */
export type SmsTemplateKey = keyof typeof SMS_TEMPLATES;

/** A variable as DLT takes it: one line, at most 30 characters (cut with an ellipsis). */
export function dltValue(value: string): string {
  const one = value.replace(/\s+/g, ' ').trim();
  return one.length <= DLT_VAR_MAX_CHARS ? one : `${one.slice(0, DLT_VAR_MAX_CHARS - 1)}…`;
}

/** The SMS text: the registered text with each `{#var#}` replaced, in order, by its value. */
export function fillSmsTemplate(key: SmsTemplateKey, values: readonly string[]): string {
  const parts = SMS_TEMPLATES[key].text.split(DLT_VAR);
  if (values.length !== parts.length - 1)
    throw new Error(`SMS template ${key} takes ${parts.length - 1} variables, not ${values.length}`);
  return parts.reduce((text, part, i) => (i === 0 ? part : `${text}${dltValue(values[i - 1])}${part}`), '');
}

/** `login_code=1107...,refund_issued=1107...` (SMS_DLT_TEMPLATE_IDS) as a map; unknown keys are refused. */
export function parseTemplateIds(setting: string | undefined): Map<SmsTemplateKey, string> {
  const ids = new Map<SmsTemplateKey, string>();
  for (const pair of (setting ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, id] = pair.split('=').map((p) => p.trim());
    if (!(key in SMS_TEMPLATES)) throw new Error(`SMS_DLT_TEMPLATE_IDS names an unknown template "${key}"`);
    if (!/^\d{10,25}$/.test(id ?? ''))
      throw new Error(`SMS_DLT_TEMPLATE_IDS: "${key}" needs a numeric DLT id`);
    ids.set(key as SmsTemplateKey, id);
  }
  return ids;
}

/** What a gateway needs of a message under DLT. */
export interface DltMessage {
  templateKey: SmsTemplateKey;
  /** Null when the template is not registered yet (development only sends those). */
  templateId: string | null;
  entityId: string | null;
  variables: string[];
}

/** The template id of `key`: the setting's, else the one written above, else null. */
export function templateIdOf(key: SmsTemplateKey, ids: ReadonlyMap<SmsTemplateKey, string>): string | null {
  return ids.get(key) ?? SMS_TEMPLATES[key].id;
}
