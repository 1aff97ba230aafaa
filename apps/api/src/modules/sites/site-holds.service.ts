import type { OpsSite } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { noticeToOwner } from '../partners/partners.service.ts';
import { holdOwnerSiteRows, releaseOwnerSiteRows } from './site-holds.repository.ts';
import { getOpsSite } from './site-review.service.ts';
import { lockSite, updateSite } from './sites.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
}

/**
 * An operator's holds on sites (docs/product-rules.md section 7, decision 046). A taken-down or suspended site leaves
 * the catalogue (buyers read only live sites; the products trigger drops every process's catalogue cache)
 * while its paid bookings go on. Each move is locked, audited and told to the owner's admins.
 */

/** What a take-down did: the site as operators read it, and, when it was taken down now, what buyers are told. */
export interface TakeDown {
  site: OpsSite;
  /** Null when the site was already down (a repeat changes nothing and tells no one). */
  taken: { name: string; code: string; eventKey: string; at: Date } | null;
}

/**
 * POST /api/ops/sites/{id}/take-down, inside the caller's transaction (the workflow
 * site-take-down.workflow.ts also tells the buyers in it): a live or paused site; taking down a taken-down
 * site answers it.
 */
export async function takeDownSiteIn(
  tx: Db,
  now: Date,
  operatorId: number,
  id: number,
  reason: string,
): Promise<TakeDown> {
  const row = await lockSite(tx, id);
  if (!row) throw notFound('Site');
  if (row.status === 'taken_down') return { site: await getOpsSite(tx, id), taken: null };
  if (row.status !== 'live' && row.status !== 'paused') {
    throw conflict(`Only a live or paused site can be taken down; this one is ${row.status}.`);
  }
  const before = await getOpsSite(tx, id);
  await updateSite(tx, id, {
    status: 'taken_down',
    statusBeforeHold: row.status,
    holdReason: reason,
    updatedAt: now,
  });
  const after = await getOpsSite(tx, id);
  await recordAudit(tx, {
    actorUserId: operatorId,
    action: 'site.take_down',
    entity: 'site',
    entityId: String(id),
    before,
    after,
    createdAt: now,
  });
  const eventKey = `site:${id}:taken_down:${now.getTime()}`;
  if (row.mediaOwnerId !== null) {
    await noticeToOwner(tx, row.mediaOwnerId, {
      eventKey,
      template: 'site_taken_down',
      payload: { site_name: row.name, site_code: row.productCode, reason },
    });
  }
  return { site: after, taken: { name: row.name, code: row.productCode, eventKey, at: now } };
}

/** POST /api/ops/sites/{id}/restore: back to the status it had; restoring a site that is not down answers it. */
export async function restoreSite(
  deps: Deps,
  operatorId: number,
  id: number,
  reason: string,
): Promise<OpsSite> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockSite(tx, id);
    if (!row) throw notFound('Site');
    if (row.status !== 'taken_down') {
      if (row.status === 'live' || row.status === 'paused') return getOpsSite(tx, id);
      throw conflict(`Only a taken-down site can be restored; this one is ${row.status}.`);
    }
    const before = await getOpsSite(tx, id);
    const now = deps.clock.now();
    await updateSite(tx, id, {
      status: row.statusBeforeHold === 'paused' ? 'paused' : 'live',
      statusBeforeHold: null,
      holdReason: null,
      updatedAt: now,
    });
    const after = await getOpsSite(tx, id);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'site.restore',
      entity: 'site',
      entityId: String(id),
      before,
      after: { ...after, reason },
      createdAt: now,
    });
    if (row.mediaOwnerId !== null) {
      await noticeToOwner(tx, row.mediaOwnerId, {
        eventKey: `site:${id}:restored:${now.getTime()}`,
        template: 'site_restored',
        payload: { site_name: row.name, site_code: row.productCode },
      });
    }
    return after;
  });
}

/** In the suspension's transaction: the owner's listed sites leave the catalogue. Answers how many. */
export function holdOwnerSites(tx: Db, ownerId: number, reason: string, now: Date): Promise<number> {
  return holdOwnerSiteRows(tx, ownerId, reason, now);
}

/** In the reinstatement's transaction: each suspended site returns to the status it had. */
export function releaseOwnerSites(tx: Db, ownerId: number, now: Date): Promise<number> {
  return releaseOwnerSiteRows(tx, ownerId, now);
}
