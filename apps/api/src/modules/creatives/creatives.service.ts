import { randomUUID } from 'node:crypto';
import {
  CREATIVE_TYPES,
  CREATIVE_UPLOAD_STATUSES,
  type Creative,
  creativeAspectWarning,
  creativeDueDate,
  isLivePaidOrder,
  ORDER_LINE_STATUS_LABELS,
  type PartnerCreativeLine,
  type PartnerCreativesQuery,
  todayIst,
} from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { queueNotifications } from '../notifications/notifications.service.ts';
import {
  buyerCreativeLine,
  type CreativeLine,
  lineParties,
  ownerCreativeLine,
  ownerReviewableLineIds,
  ownerReviewableLines,
} from '../orders/line-reads.service.ts';
import { moveLine } from '../orders/order-lines.service.ts';
import { ownerOfMember } from '../partners/partners.service.ts';
import {
  SNIFF_BYTES,
  type SniffedType,
  sniffContentType,
  unsupportedMediaType,
} from '../storage/content-sniff.ts';
import type { FileStorage, StoredFile } from '../storage/file-storage.ts';
import { artworkSize } from './artwork-size.ts';
import { creativeView } from './creative-view.ts';
import {
  type CreativeRow,
  findCreativeFile,
  insertCreative,
  newestCreative,
  newestCreativesOfLines,
  reviewCreative,
} from './creatives.repository.ts';

export interface CreativeDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

const EXTENSION: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The buyer's line, or 404; used before the upload is read, so a stranger's upload is never read. */
export async function buyerLine(
  db: Db,
  userId: number,
  orderId: number,
  lineId: number,
): Promise<CreativeLine> {
  const line = await buyerCreativeLine(db, userId, orderId, lineId);
  if (!line) throw notFound('Line');
  return line;
}

/** Why the buyer may not upload now (409 with a sentence), or nothing. */
function uploadRefusal(line: CreativeLine, today: string): HttpError | null {
  if (!isLivePaidOrder(line.orderStatus)) return conflict('Artwork can be uploaded once the order is paid.');
  if (!(CREATIVE_UPLOAD_STATUSES as readonly string[]).includes(line.status)) {
    return conflict(
      `This line is ${ORDER_LINE_STATUS_LABELS[line.status].toLowerCase()}: its artwork can no longer be changed.`,
    );
  }
  const due = creativeDueDate(line.fromDate);
  if (today > due) {
    return conflict(
      `The artwork for this line was due by ${due} (3 days before the start); contact support to change it.`,
    );
  }
  return null;
}

/** A file name safe to keep and to send back in Content-Disposition (no paths, no control characters). */
function cleanFileName(name: string | undefined, type: SniffedType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control, bidi and other format characters, quotes and backslashes go; what is left is capped.
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Cs}"\\]/gu, '')
    .trim()
    .slice(0, 150);
  return cleaned || `creative.${EXTENSION[type]}`;
}

/**
 * POST /api/orders/{id}/lines/{lineId}/creative: checked by content (JPEG, PNG, WebP or PDF; else 415),
 * measured (image pixels or the PDF's first page) against the site's shape, stored privately, then in one
 * transaction the line moves to creative_submitted, the row is written and the owner is told.
 */
export async function uploadCreative(
  deps: CreativeDeps,
  userId: number,
  orderId: number,
  lineId: number,
  file: Buffer,
  fileName: string | undefined,
): Promise<Creative> {
  const line = await buyerLine(deps.db, userId, orderId, lineId);
  const refusal = uploadRefusal(line, todayIst(deps.clock.now()));
  if (refusal) throw refusal;
  const type = await sniffContentType(file.subarray(0, SNIFF_BYTES));
  if (!type || !(CREATIVE_TYPES as readonly string[]).includes(type)) {
    throw unsupportedMediaType([...CREATIVE_TYPES]);
  }
  const size = await artworkSize(file, type);
  if (!size.readable) {
    throw new HttpError(422, 'unprocessable', 'The image could not be read; export it again and upload it.', {
      file: 'The image could not be read',
    });
  }
  const aspectWarning = creativeAspectWarning(size, { width: line.widthFt, height: line.heightFt });
  const key = `creatives/${orderId}/${lineId}/${randomUUID()}.${EXTENSION[type]}`;
  await deps.storage.put(key, file, { contentType: type });
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      // Checked again under the line's lock: a review or a cancellation may have happened meanwhile.
      const locked = await buyerLine(tx, userId, orderId, lineId);
      const again = uploadRefusal(locked, todayIst(now));
      if (again) throw again;
      await moveLine(tx, { lineId, to: 'creative_submitted', actorUserId: userId, actorRole: 'buyer', now });
      const created = await insertCreative(tx, {
        orderItemId: lineId,
        storageKey: key,
        contentType: type,
        fileName: cleanFileName(fileName, type),
        sizeBytes: file.length,
        width: size.width,
        height: size.height,
        aspectWarning,
        status: 'submitted',
        uploadedByUserId: userId,
        createdAt: now,
      });
      if (locked.ownerPhone) {
        await queueNotifications(tx, [
          {
            dedupeKey: `creative:${created.id}:submitted:owner:sms`,
            channel: 'sms',
            recipient: locked.ownerPhone,
            template: 'creative_submitted',
            payload: {
              orderId,
              lineId,
              creativeId: created.id,
              site: locked.productName,
              fromDate: locked.fromDate,
            },
          },
        ]);
      }
      return created;
    });
    return creativeView(row);
  } catch (err) {
    // Nothing half-stored: without its row the file goes too.
    await deps.storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, 'creative file not deleted'));
    throw err;
  }
}

/**
 * GET /api/creatives/{id}/file: to the order's buyer, a member of the site's media owner and operators;
 * anyone else 404 (never saying it exists).
 */
export async function creativeFile(
  deps: Pick<CreativeDeps, 'db' | 'storage'>,
  viewer: { userId: number; operator: boolean },
  creativeId: number,
): Promise<{ file: StoredFile; contentType: string; fileName: string; size: number }> {
  const row = await findCreativeFile(deps.db, creativeId);
  if (!row) throw notFound('Creative');
  let allowed = viewer.operator;
  // The line's buyer and site owner come from the orders module, asked only when the viewer is no operator.
  const parties = allowed ? undefined : await lineParties(deps.db, row.lineId);
  if (parties) {
    allowed = parties.buyerUserId === viewer.userId;
    if (!allowed && parties.mediaOwnerId !== null) {
      const owner = await ownerOfMember(deps.db, viewer.userId);
      allowed = owner?.id === parties.mediaOwnerId && owner.status === 'approved';
    }
  }
  if (!allowed) throw notFound('Creative');
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw notFound('Creative');
  return { file, contentType: row.contentType, fileName: row.fileName, size: row.sizeBytes };
}

function partnerLine(line: CreativeLine, creative: CreativeRow): PartnerCreativeLine {
  return {
    line_id: line.lineId,
    order_id: line.orderId,
    site: {
      id: line.productId,
      name: line.productName,
      city: line.city,
      width_ft: line.widthFt,
      height_ft: line.heightFt,
    },
    campaign_name: line.campaignName,
    from_date: line.fromDate,
    to_date: line.toDate,
    line_status: line.status,
    creative_due_date: creativeDueDate(line.fromDate),
    creative: creativeView(creative),
  };
}

/**
 * GET /api/partner/creatives?status=: lines of paid orders on the owner's own sites whose newest creative
 * has the status (or any), soonest start first, at most 500; waiting for review: not on cancelled or
 * completed lines. The orders module names the lines, this module their newest creatives, and the orders
 * module orders and caps those lines: three queries whatever the count.
 */
export async function ownerCreatives(
  db: Db,
  ownerId: number,
  query: PartnerCreativesQuery,
): Promise<PartnerCreativeLine[]> {
  const open = query.status === 'submitted';
  const candidates = await ownerReviewableLineIds(db, ownerId, open);
  const newest = await newestCreativesOfLines(db, candidates, query.status);
  const byLine = new Map(newest.map((c) => [c.orderItemId, c]));
  const lines = await ownerReviewableLines(db, ownerId, open, [...byLine.keys()]);
  return lines.flatMap((line) => {
    const creative = byLine.get(line.lineId);
    return creative ? [partnerLine(line, creative)] : [];
  });
}

/**
 * POST /api/partner/lines/{lineId}/creative/approve | reject: the owner of the line's site decides on the
 * newest creative while it waits for review; anything else is a 409 saying why. The line moves, the
 * creative records the decision and the buyer gets an SMS, in one transaction under the line's lock.
 */
export async function reviewLineCreative(
  deps: Pick<CreativeDeps, 'db' | 'clock'>,
  acting: { ownerId: number; userId: number },
  lineId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<PartnerCreativeLine> {
  return inTransaction(deps.db, async (tx) => {
    const line = await ownerCreativeLine(tx, acting.ownerId, lineId, true);
    if (!line) throw notFound('Line');
    if (!isLivePaidOrder(line.orderStatus)) throw conflict('This order is not paid.');
    const creative = await newestCreative(tx, lineId);
    if (!creative) throw conflict('The buyer has not uploaded a creative for this line yet.');
    // The same decision again (a double click, a second tab) answers the line as it is (issue 22).
    if (creative.status === (decision.approve ? 'approved' : 'rejected')) return partnerLine(line, creative);
    if (creative.status !== 'submitted') {
      throw conflict(
        `This creative is already ${creative.status}; the buyer has to upload a new one before it can be reviewed again.`,
      );
    }
    const now = deps.clock.now();
    const reason = decision.approve ? null : decision.reason;
    await moveLine(tx, {
      lineId,
      to: decision.approve ? 'creative_approved' : 'creative_rejected',
      actorUserId: acting.userId,
      actorRole: 'media_owner',
      note: reason,
      now,
    });
    const reviewed = await reviewCreative(tx, creative.id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason,
      userId: acting.userId,
      at: now,
    });
    const template = decision.approve ? 'creative_approved' : 'creative_rejected';
    await queueNotifications(tx, [
      {
        dedupeKey: `creative:${creative.id}:${reviewed.status}:buyer:sms`,
        channel: 'sms',
        recipient: line.buyerPhone,
        template,
        payload: {
          orderId: line.orderId,
          lineId,
          creativeId: creative.id,
          site: line.productName,
          fromDate: line.fromDate,
          ...(reason ? { reason } : {}),
        },
      },
    ]);
    return partnerLine(
      { ...line, status: decision.approve ? 'creative_approved' : 'creative_rejected' },
      reviewed,
    );
  });
}
