/**
 * Messages to media owners about their team, their application and their sites (decision 046), by SMS and
 * email. Kept apart from the order messages in notification-texts.ts, which reach buyers.
 */
export type OwnerNotificationTemplate =
  | 'member_invited'
  | 'media_owner_approved'
  | 'media_owner_rejected'
  | 'media_owner_suspended'
  | 'media_owner_reinstated'
  | 'site_approved'
  | 'site_rejected'
  | 'site_taken_down'
  | 'site_restored'
  // Briefs and proposals (decision 086): a matching brief, the buyer's counter, acceptance, decline.
  | 'brief_posted'
  | 'proposal_countered_owner'
  | 'proposal_accepted'
  | 'proposal_declined';

const BRAND = 'AdSpace India';
const ROLE_WORDS: Record<string, string> = {
  admin: 'an admin',
  manager: 'a manager',
  field: 'a field member',
};

const text = (payload: Record<string, unknown>, key: string): string | undefined => {
  const v = payload[key];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 160) : undefined;
};

/** The subject and text of an owner's message; undefined for a template that is not an owner's. */
export function renderOwnerNotification(
  template: string,
  payload: Record<string, unknown>,
): { subject: string; text: string } | undefined {
  const company = text(payload, 'company') ?? 'your company';
  const site = text(payload, 'site_name') ?? 'your site';
  const code = text(payload, 'site_code');
  const siteRef = code ? `${site} (${code})` : site;
  const reason = text(payload, 'reason');
  const because = reason ? `: ${reason}` : '.';
  const brief = text(payload, 'brief_name') ?? 'a brief';
  const respondBy = text(payload, 'respond_by');
  const m = (subject: string, body: string) => ({
    subject: `${BRAND}: ${subject}`,
    text: `${BRAND}: ${body}`,
  });
  switch (template) {
    case 'member_invited':
      return m(
        `you are invited to ${company}`,
        `you were invited to ${company} as ${ROLE_WORDS[text(payload, 'role') ?? ''] ?? 'a member'}. Sign in with this number to open the partner console.`,
      );
    case 'media_owner_approved':
      return m('application approved', `${company} is approved. You can now list and manage your sites.`);
    case 'media_owner_rejected':
      return m('application not approved', `the application of ${company} was not approved${because}`);
    case 'media_owner_suspended':
      return m(
        'account suspended',
        `${company} is suspended and its sites are hidden from buyers${because} Paid bookings go on.`,
      );
    case 'media_owner_reinstated':
      return m('account reinstated', `${company} is reinstated; its sites are back in the catalogue.`);
    case 'site_approved':
      return m('site approved', `${siteRef} is approved and live.`);
    case 'site_rejected':
      return m('site not approved', `${siteRef} was not approved${because}`);
    case 'site_taken_down':
      return m('site taken down', `${siteRef} was taken down by our team${because} Paid bookings go on.`);
    case 'site_restored':
      return m('site restored', `${siteRef} is back in the catalogue.`);
    case 'brief_posted':
      return m(
        'a new brief matches your sites',
        `a buyer posted the brief "${brief}", which matches your live sites. Answer it with a proposal in the partner console, Briefs${respondBy ? `, by ${respondBy}` : ''}.`,
      );
    case 'proposal_countered_owner':
      return m(
        'the buyer countered your proposal',
        `the buyer of "${brief}" countered the price of some lines of your proposal. Accept, counter or decline in the partner console, Briefs.`,
      );
    case 'proposal_accepted':
      return m(
        'your proposal was accepted',
        `the buyer of "${brief}" accepted lines of your proposal; their dates are held until the proposal's validity ends.`,
      );
    case 'proposal_declined':
      return m('your proposal was declined', `the buyer of "${brief}" declined your proposal.`);
    default:
      return undefined;
  }
}
