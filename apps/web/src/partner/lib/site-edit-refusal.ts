import type { PartnerOwner } from '../partner-context';

/**
 * Why this member cannot add, edit or import sites, or undefined when it can (DESIGN 7): field members
 * read sites; a suspended owner keeps its paid bookings but cannot add or edit sites. `action` names what
 * the screen does ("adding and editing sites", "importing sites").
 */
export function siteEditRefusal(
  owner: PartnerOwner,
  action = 'adding and editing sites',
): string | undefined {
  if (owner.status === 'suspended')
    return `${owner.company_name} is suspended: ${action} is not available until it is reinstated.`;
  if (owner.role === 'field')
    return `Read only: ${action} is not available to field members. An admin or a manager of ${owner.company_name} makes changes.`;
  return undefined;
}
