import type { Roles } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { ownerOfMember } from '../partners/partners.service.ts';

/** The roles of one user: operator (decided by the caller from OPERATOR_PHONES) and the owner they belong to. */
export async function rolesOf(db: Db, userId: number, operator: boolean): Promise<Roles> {
  const owner = await ownerOfMember(db, userId);
  return {
    operator,
    media_owner: owner ? { id: owner.id, company_name: owner.companyName, status: owner.status } : null,
  };
}
