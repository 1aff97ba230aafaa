import type { OpsSite, OpsSitePage, SiteFields, SiteStatus } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { noticeToOwner } from '../partners/partners.service.ts';
import { deletePhotoFiles, type PhotoDeps, syncBuyerImages } from './site-photos.service.ts';
import { columnsOf, isInReview, toOpsSite } from './site-view.ts';
import { findPhotos, lockSite, type SitePhotoRow, setPhotoStatus, updateSite } from './sites.repository.ts';
import { sitesPage, siteView } from './sites.service.ts';

/** The operator's side of a site (docs/product-rules.md sections 8 and 13): the review queue and its decisions. */

export async function getOpsSite(db: Db, id: number): Promise<OpsSite> {
  const row = await siteView(db, id);
  return toOpsSite(row, await findPhotos(db, [id]));
}

/** GET /api/ops/sites: status=pending is the review queue (new sites and listed ones with changes waiting). */
export function opsSitesPage(
  db: Db,
  q: { page: number; page_size: number; status?: SiteStatus; search?: string },
): Promise<OpsSitePage> {
  const filter =
    q.status === 'pending'
      ? { reviewQueue: true, search: q.search || undefined }
      : { status: q.status, search: q.search || undefined };
  return sitesPage(db, filter, q.page, q.page_size, toOpsSite);
}

const isNew = (row: { status: string }) => row.status === 'pending';

export type SiteDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approve or reject what waits on a site, locked, changed and audited in one transaction (a second
 * decision waits, then finds nothing to decide: 409).
 * - A new site (pending): approved goes live with its photos; rejected keeps the reason, and the owner may
 *   edit it and submit it again.
 * - A live or paused site with changes or new photos waiting: approved, they become what buyers see;
 *   rejected, they are dropped (the new photos removed) and the reason is shown to the owner. The site
 *   stays listed with its approved values either way.
 */
export async function decideSite(
  deps: PhotoDeps,
  operatorId: number,
  id: number,
  decision: SiteDecision,
): Promise<OpsSite> {
  const dropped: SitePhotoRow[] = [];
  const after = await inTransaction(deps.db, async (tx) => {
    const row = await lockSite(tx, id);
    if (!row) throw notFound('Site');
    const photos = await findPhotos(tx, [id]);
    if (!isInReview(row, photos)) {
      // The same decision again (a double click, a second tab) answers the site as that decision left it.
      const approvedAlready = decision.approve && (row.status === 'live' || row.status === 'paused');
      const rejectedAlready = !decision.approve && row.rejectionReason !== null;
      if (approvedAlready || rejectedAlready) return getOpsSite(tx, id);
      throw conflict(`This site has nothing waiting for review; it is ${row.status}.`);
    }
    if (decision.approve && isNew(row) && !photos.some((p) => p.status !== 'removed')) {
      throw conflict('A site needs at least one photo to go live; ask the owner to add one.');
    }
    const before = await getOpsSite(tx, id);
    const waiting = photos.filter((p) => p.status === 'pending');
    const now = deps.clock.now();
    const isNewSite = isNew(row);
    if (decision.approve) {
      const changes = row.pendingChanges ? columnsOf(row.pendingChanges as Partial<SiteFields>, row) : {};
      await updateSite(tx, id, {
        ...changes,
        status: isNewSite ? 'live' : row.status,
        pendingChanges: null,
        rejectionReason: null,
        updatedAt: now,
      });
      await setPhotoStatus(
        tx,
        waiting.map((p) => p.id),
        'live',
      );
      if (waiting.length) await syncBuyerImages(tx, id, now);
    } else {
      await updateSite(tx, id, {
        status: isNewSite ? 'rejected' : row.status,
        pendingChanges: null,
        rejectionReason: decision.reason,
        updatedAt: now,
      });
      if (!isNewSite) {
        await setPhotoStatus(
          tx,
          waiting.map((p) => p.id),
          'removed',
        );
        dropped.push(...waiting);
      }
    }
    const after = await getOpsSite(tx, id);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: decision.approve ? 'site.approve' : 'site.reject',
      entity: 'site',
      entityId: String(id),
      before,
      after,
      createdAt: now,
    });
    if (row.mediaOwnerId !== null) {
      await noticeToOwner(tx, row.mediaOwnerId, {
        eventKey: `site:${id}:${decision.approve ? 'approved' : 'rejected'}:${now.getTime()}`,
        template: decision.approve ? 'site_approved' : 'site_rejected',
        payload: {
          site_name: after.name,
          site_code: after.product_id,
          ...(decision.approve ? {} : { reason: decision.reason }),
        },
      });
    }
    return after;
  });
  await deletePhotoFiles(deps, dropped);
  return after;
}
