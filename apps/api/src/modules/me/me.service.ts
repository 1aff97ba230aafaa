import type { Roles } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { membershipOf } from '../partners/members.service.ts';

/** The roles of one user: operator (decided by the caller from OPERATOR_PHONES), the owner they belong to and their role there. */
export async function rolesOf(
  deps: { db: Db; clock: Clock },
  user: { id: number; phoneNumber: string },
  operator: boolean,
): Promise<Roles> {
  // Claims an invitation waiting for this number, so an invited member finds the console at once.
  const membership = await membershipOf(deps, user);
  return {
    operator,
    media_owner: membership
      ? {
          id: membership.owner.id,
          company_name: membership.owner.companyName,
          status: membership.owner.status,
          role: membership.role,
        }
      : null,
  };
}
