import type { OpsSite } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getOpsSite } from './site-review.service.ts';
import { lockSite, updateSite } from './sites.repository.ts';

/**
 * POST /api/ops/sites/{id}/audience (decision 080): an operator marks a site's audience figure verified
 * (checked against its evidence: a traffic count, a survey, the model's inputs) or takes the mark back.
 * Locked and audited in one transaction; the same mark again answers the site as it is, changing nothing.
 * The owner's next change of the figure, source, month or method clears the mark (sites.service).
 */
export async function markAudience(
  deps: { db: Db; clock: Clock },
  operatorId: number,
  id: number,
  verified: boolean,
): Promise<OpsSite> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockSite(tx, id);
    if (!row) throw notFound('Site');
    if (row.impression === null) throw conflict('This site has no audience figure to verify.');
    if ((row.audienceVerifiedAt !== null) === verified) return getOpsSite(tx, id);
    const before = await getOpsSite(tx, id);
    const now = deps.clock.now();
    await updateSite(tx, id, {
      audienceVerifiedAt: verified ? now : null,
      audienceVerifiedBy: verified ? operatorId : null,
      updatedAt: now,
    });
    const after = await getOpsSite(tx, id);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: verified ? 'site.audience_verify' : 'site.audience_unverify',
      entity: 'site',
      entityId: String(id),
      before: before.audience,
      after: after.audience,
      createdAt: now,
    });
    return after;
  });
}
