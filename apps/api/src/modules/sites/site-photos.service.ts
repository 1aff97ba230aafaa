import { randomUUID } from 'node:crypto';
import { type PartnerSite, SITE_PHOTO_TYPES, SITE_PHOTOS_MAX } from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  SNIFF_BYTES,
  type SniffedType,
  sniffContentType,
  unsupportedMediaType,
} from '../storage/content-sniff.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { makeDisplayCopy } from './photo-processing.ts';
import { photoUrl } from './site-view.ts';
import {
  findPhoto,
  findPhotos,
  insertPhoto,
  lockSite,
  type SitePhotoRow,
  setPhotoPosition,
  setPhotoStatus,
  updateSite,
} from './sites.repository.ts';
import { type Acting, getPartnerSite, type SitesDeps } from './sites.service.ts';

export interface PhotoDeps extends SitesDeps {
  storage: FileStorage;
  log: FastifyBaseLogger;
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const tooMany = () =>
  conflict(`A site has at most ${SITE_PHOTOS_MAX} photos; remove one before adding another.`, {
    file: `At most ${SITE_PHOTOS_MAX} photos`,
  });

/**
 * products.images (what buyers see) follows the live photos, cover first, so the buyer's pages need no
 * change. Called in the transaction that changed which photos are live.
 */
export async function syncBuyerImages(tx: Db, productId: number, now: Date): Promise<void> {
  const live = (await findPhotos(tx, [productId])).filter((p) => p.status === 'live');
  await updateSite(tx, productId, { images: live.map((p) => photoUrl(p.displayKey)), updatedAt: now });
}

/** Removes the files of photos no longer shown; a failure is logged, never answered (the rows are gone). */
export async function deletePhotoFiles(deps: PhotoDeps, photos: SitePhotoRow[]): Promise<void> {
  for (const p of photos) {
    for (const key of [p.displayKey, p.originalKey]) {
      await deps.storage.delete(key).catch((err) => deps.log.warn({ err, key }, 'photo file not deleted'));
    }
  }
}

/**
 * POST /api/partner/sites/{id}/photos. Checked by content (JPEG, PNG, WebP; anything else 415), decoded
 * and resized before anything is stored (an unreadable image is a 422), then the original (private) and
 * the display copy (public) are stored and the row written. New photos wait for review: with the site's
 * approval for a new site, on their own for a listed one.
 */
export async function addPhoto(
  deps: PhotoDeps,
  acting: Acting,
  siteId: number,
  file: Buffer,
): Promise<PartnerSite> {
  const site = await getPartnerSite(deps.db, acting.ownerId, siteId);
  if (site.photos.length >= SITE_PHOTOS_MAX) throw tooMany();
  const type = await sniffContentType(file.subarray(0, SNIFF_BYTES));
  if (!type || !(SITE_PHOTO_TYPES as readonly string[]).includes(type)) {
    throw unsupportedMediaType([...SITE_PHOTO_TYPES] as SniffedType[]);
  }
  const display = await makeDisplayCopy(file);
  const uuid = randomUUID();
  const originalKey = `site-photo-originals/${siteId}/${uuid}.${EXTENSION[type]}`;
  const displayKey = `site-photos/${siteId}/${uuid}.webp`;
  await deps.storage.put(originalKey, file, { contentType: type });
  await deps.storage.put(displayKey, display.body, { contentType: 'image/webp' });
  try {
    await inTransaction(deps.db, async (tx) => {
      if (!(await lockSite(tx, siteId, acting.ownerId))) throw notFound('Site');
      const photos = await findPhotos(tx, [siteId]);
      if (photos.length >= SITE_PHOTOS_MAX) throw tooMany();
      const now = deps.clock.now();
      await insertPhoto(tx, {
        productId: siteId,
        position: photos.length ? Math.max(...photos.map((p) => p.position)) + 1 : 0,
        originalKey,
        displayKey,
        contentType: type,
        width: display.width,
        height: display.height,
        status: 'pending',
        uploadedByUserId: acting.userId,
        createdAt: now,
      });
      await updateSite(tx, siteId, { updatedAt: now });
    });
  } catch (err) {
    // Nothing half-stored: the row was not written, so its files go too.
    await deletePhotoFiles(deps, [{ originalKey, displayKey } as SitePhotoRow]);
    throw err;
  }
  return getPartnerSite(deps.db, acting.ownerId, siteId);
}

/** DELETE /api/partner/sites/{id}/photos/{photoId}: at once, whatever the site's status (removing shows nothing new). */
export async function removePhoto(
  deps: PhotoDeps,
  acting: Acting,
  siteId: number,
  photoId: number,
): Promise<PartnerSite> {
  const removed = await inTransaction(deps.db, async (tx) => {
    if (!(await lockSite(tx, siteId, acting.ownerId))) throw notFound('Site');
    const photo = await findPhoto(tx, siteId, photoId);
    if (!photo) throw notFound('Photo');
    await setPhotoStatus(tx, [photo.id], 'removed');
    const now = deps.clock.now();
    if (photo.status === 'live') await syncBuyerImages(tx, siteId, now);
    else await updateSite(tx, siteId, { updatedAt: now });
    return photo;
  });
  await deletePhotoFiles(deps, [removed]);
  return getPartnerSite(deps.db, acting.ownerId, siteId);
}

/** POST /api/partner/sites/{id}/photos/{photoId}/cover: that photo first, the others keep their order. */
export async function makeCover(
  deps: PhotoDeps,
  acting: Acting,
  siteId: number,
  photoId: number,
): Promise<PartnerSite> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await lockSite(tx, siteId, acting.ownerId))) throw notFound('Site');
    const photo = await findPhoto(tx, siteId, photoId);
    if (!photo) throw notFound('Photo');
    const ordered = [photo, ...(await findPhotos(tx, [siteId])).filter((p) => p.id !== photo.id)];
    for (const [position, p] of ordered.entries()) {
      if (p.position !== position) await setPhotoPosition(tx, p.id, position);
    }
    const now = deps.clock.now();
    // Choosing the cover among approved photos shows nothing new: it applies at once.
    if (photo.status === 'live') await syncBuyerImages(tx, siteId, now);
    else await updateSite(tx, siteId, { updatedAt: now });
  });
  return getPartnerSite(deps.db, acting.ownerId, siteId);
}
