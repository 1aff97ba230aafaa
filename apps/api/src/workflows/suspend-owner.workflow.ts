import type { MediaOwner } from '@ooh/shared';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Clock } from '../lib/clock.ts';
import { moveOwnerSuspension, recordOwnerSuspension } from '../modules/partners/owner-trust.service.ts';
import { holdOwnerSites, releaseOwnerSites } from '../modules/sites/site-holds.service.ts';

/*
 * POST /api/ops/media-owners/{id}/suspend and /reinstate (decision 072), one transaction in three steps:
 * 1. partners: the owner row locked and moved (the same move again answers the owner as it is; an owner
 *    that is not approved cannot be suspended: 409);
 * 2. sites: the owner's listed sites held (suspend) or their holds released (reinstate);
 * 3. partners: the audit entry, with the number of sites changed, and the owner's notice.
 */
export async function setOwnerSuspended(
  deps: { db: Db; clock: Clock },
  operatorId: number,
  ownerId: number,
  suspend: boolean,
  reason: string,
): Promise<MediaOwner> {
  return inTransaction(deps.db, async (tx) => {
    const moved = await moveOwnerSuspension(tx, ownerId, suspend, reason, () => deps.clock.now());
    if ('unchanged' in moved) return moved.unchanged;
    const sites = suspend
      ? await holdOwnerSites(tx, ownerId, reason, moved.now)
      : await releaseOwnerSites(tx, ownerId, moved.now);
    return recordOwnerSuspension(tx, { operatorId, ownerId, suspend, reason, ...moved, sites });
  });
}
