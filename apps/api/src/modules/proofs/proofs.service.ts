import { randomUUID } from 'node:crypto';
import {
  addDays,
  duplicateReason,
  formatDay,
  type OpsOrderProofs,
  type OrderLineStatus,
  type PartnerProofLine,
  PROOF_DUPLICATE_MAX_BITS,
  PROOF_PHOTO_TYPES,
  type Proof,
  type ProofReason,
  positionReason,
  timeReason,
  todayIst,
} from '@ooh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { queueProofPosted } from '../notifications/proof-notifications.ts';
import {
  buyerOfLine,
  type OwnerPaidLine,
  orderExists,
  orderLinesWithSites,
  ownerPaidLine,
  ownerProofLines,
} from '../orders/line-reads.service.ts';
import { markLinePosted } from '../orders/proof-posting.service.ts';
import { proofPosted, releasingProofsOfLines } from '../payouts/payouts.service.ts';
import { makeDisplayCopy } from '../sites/photo-processing.ts';
import {
  SNIFF_BYTES,
  type SniffedType,
  sniffContentType,
  unsupportedMediaType,
} from '../storage/content-sniff.ts';
import type { FileStorage, StoredFile } from '../storage/file-storage.ts';
import { photoHash, photoHashVariants, readPhotoFacts } from './proof-photo.ts';
import { toProof } from './proof-view.ts';
import {
  buyerContact,
  findNearDuplicate,
  findProofAudience,
  insertProof,
  isMemberOf,
  latestLiveProofsOfLines,
  lockProofChecks,
  proofsOfLines,
} from './proofs.repository.ts';

export interface ProofDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** The console lists lines starting within this many days too, so the owner sees what is coming. */
const DUE_AHEAD_DAYS = 7;

/** Why this line takes no proof now, in words the owner can act on; null when it does. */
export function proofBlockedReason(
  line: { status: OrderLineStatus; fromDate: string },
  today: string,
): string | null {
  switch (line.status) {
    case 'held':
      return 'The order is not paid yet; it takes no proof.';
    case 'creative_approved':
    case 'posted':
      return today < line.fromDate
        ? `Proof can be posted from ${formatDay(line.fromDate)}, the booking's first day.`
        : null;
    case 'scheduled':
      return 'The buyer has not uploaded the creative yet. Approve the creative before posting proof.';
    case 'creative_submitted':
      return 'Approve the creative before posting proof.';
    case 'creative_rejected':
      return 'The creative was rejected; approve a new one before posting proof.';
    case 'cancelled':
      return 'This booking was cancelled; it takes no proof.';
    case 'completed':
      return 'This booking is completed; it takes no more proof.';
  }
}

/** The owner's line if it takes a proof now: 404 for anyone else's, 409 saying why not. */
export async function lineTakingProof(
  deps: Pick<ProofDeps, 'db' | 'clock'>,
  ownerId: number,
  lineId: number,
): Promise<OwnerPaidLine> {
  const line = await ownerPaidLine(deps.db, ownerId, lineId);
  if (!line) throw notFound('Line');
  const blocked = proofBlockedReason(line, todayIst(deps.clock.now()));
  if (blocked) throw conflict(blocked);
  return line;
}

/**
 * POST /api/partner/lines/{lineId}/proofs (docs/product-rules.md section 9, decision 029). Another owner's line is
 * a 404; a line that takes no proof now a 409 saying why; a file that is no JPEG, PNG or WebP by its
 * content a 415; an undecodable one a 422. Otherwise the proof is ALWAYS stored, with its three checks:
 * position, time, and not a near-duplicate of any earlier proof. The line becomes `posted` and the buyer
 * is told, in the same transaction.
 */
export async function postProof(
  deps: ProofDeps,
  acting: { ownerId: number; userId: number },
  lineId: number,
  file: Buffer,
): Promise<Proof> {
  const line = await lineTakingProof(deps, acting.ownerId, lineId);
  const type = await sniffContentType(file.subarray(0, SNIFF_BYTES));
  if (!type || !(PROOF_PHOTO_TYPES as readonly string[]).includes(type)) {
    throw unsupportedMediaType([...PROOF_PHOTO_TYPES] as SniffedType[]);
  }
  // Decoding first: an unreadable image is a 422 with nothing stored.
  const display = await makeDisplayCopy(file);
  const [facts, phash, phashVariants] = await Promise.all([
    readPhotoFacts(file),
    photoHash(file),
    photoHashVariants(file),
  ]);
  const uuid = randomUUID();
  const originalKey = `proof-originals/${line.id}/${uuid}.${EXTENSION[type]}`;
  const displayKey = `proofs/${line.id}/${uuid}.webp`;
  await deps.storage.put(originalKey, file, { contentType: type });
  await deps.storage.put(displayKey, display.body, { contentType: 'image/webp' });
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      await lockProofChecks(tx);
      const site =
        line.latitude !== null && line.longitude !== null
          ? { latitude: line.latitude, longitude: line.longitude }
          : null;
      const position = positionReason(facts.position, site);
      const earlier = await findNearDuplicate(tx, [phash, ...phashVariants], PROOF_DUPLICATE_MAX_BITS);
      const reasons = [
        position.reason,
        timeReason(facts.takenAt, line.fromDate, line.toDate),
        duplicateReason(earlier ? { siteName: earlier.siteName, uploadedAt: earlier.createdAt } : null),
      ].filter((r): r is ProofReason => r !== null);
      const proof = await insertProof(tx, {
        orderItemId: line.id,
        productId: line.siteId,
        originalKey,
        displayKey,
        contentType: type,
        takenAt: facts.takenAt,
        latitude: facts.position?.latitude ?? null,
        longitude: facts.position?.longitude ?? null,
        distanceM: position.distanceM,
        phash,
        phashVariants,
        camera: facts.camera,
        exifStripped: facts.exifStripped,
        duplicateOfProofId: earlier?.id ?? null,
        verified: reasons.length === 0,
        reasons,
        uploadedByUserId: acting.userId,
        createdAt: now,
      });
      // A Verified proof releases the line's payout; an Unverified one waits for an operator (decision 047).
      await proofPosted(tx, { lineId: line.id, proofId: proof.id, verified: proof.verified, now });
      await markLinePosted(tx, {
        lineId: line.id,
        actorUserId: acting.userId,
        now,
        note: reasons.length === 0 ? 'Proof photo: verified' : 'Proof photo: unverified',
      });
      const buyer = await buyerContact(tx, line.buyerUserId);
      if (buyer) {
        await queueProofPosted(tx, {
          proofId: proof.id,
          orderId: line.orderId,
          lineId: line.id,
          siteName: line.siteName,
          verified: proof.verified,
          buyer,
        });
      }
      return proof;
    });
    return toProof(row);
  } catch (err) {
    // Nothing half-stored: without the row, its files go too.
    for (const key of [originalKey, displayKey]) {
      await deps.storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, 'proof file not deleted'));
    }
    throw err;
  }
}

function toLine(
  line: OwnerPaidLine,
  proofs: Proof[],
  today: string,
  releasedByProofId: number | null,
): PartnerProofLine {
  const blocked = proofBlockedReason(line, today);
  return {
    id: line.id,
    order_id: line.orderId,
    site: {
      id: line.siteId,
      name: line.siteName,
      code: line.siteCode,
      city: line.siteCity,
      address: line.siteAddress,
      latitude: line.latitude,
      longitude: line.longitude,
    },
    campaign_name: line.campaignName,
    from_date: line.fromDate,
    to_date: line.toDate,
    status: line.status,
    can_post_proof: blocked === null,
    blocked_reason: blocked,
    payout_released_by_proof_id: releasedByProofId,
    proofs,
  };
}

/** GET /api/partner/proofs: the owner's lines running now or starting within a week, with their proofs. */
export async function listProofLines(
  deps: Pick<ProofDeps, 'db' | 'clock'>,
  ownerId: number,
): Promise<PartnerProofLine[]> {
  const today = todayIst(deps.clock.now());
  const lines = await ownerProofLines(deps.db, ownerId, today, addDays(today, DUE_AHEAD_DAYS + 1));
  const proofs = await proofsOfLines(
    deps.db,
    lines.map((l) => l.id),
  );
  const released = await releasingProofsOfLines(
    deps.db,
    lines.map((l) => l.id),
  );
  return lines.map((l) =>
    toLine(l, proofs.filter((p) => p.orderItemId === l.id).map(toProof), today, released.get(l.id) ?? null),
  );
}

/**
 * GET /api/proofs/{proofId}/image: the display copy, for the order's buyer, a member of the site's owner
 * and operators; 404 for everyone else, as if there were no such proof.
 */
export async function proofImage(
  deps: Pick<ProofDeps, 'db' | 'storage'>,
  viewer: { userId: number; isOperator: boolean },
  proofId: number,
): Promise<StoredFile> {
  const proof = await findProofAudience(deps.db, proofId);
  if (!proof) throw notFound('Proof');
  // The line's buyer comes from the orders module, asked only when the viewer is no operator.
  const allowed =
    viewer.isOperator ||
    (await buyerOfLine(deps.db, proof.lineId)) === viewer.userId ||
    (proof.mediaOwnerId !== null && (await isMemberOf(deps.db, viewer.userId, proof.mediaOwnerId)));
  if (!allowed) throw notFound('Proof');
  const file = await deps.storage.get(proof.displayKey);
  if (!file) throw notFound('Proof');
  return file;
}

/** GET /api/ops/orders/{id}/proofs: each line of the order with its proofs (404 for no such order). */
export async function orderProofsForOperator(
  deps: Pick<ProofDeps, 'db'>,
  orderId: number,
): Promise<OpsOrderProofs['data']> {
  if (!(await orderExists(deps.db, orderId))) throw notFound('Order');
  const lines = await orderLinesWithSites(deps.db, orderId);
  const proofs = await proofsOfLines(
    deps.db,
    lines.map((l) => l.id),
  );
  return lines.map((l) => ({
    line_id: l.id,
    site: { name: l.siteName, latitude: l.latitude, longitude: l.longitude },
    proofs: proofs.filter((p) => p.orderItemId === l.id).map(toProof),
  }));
}

/**
 * Each line's newest proof not withdrawn (the one an operator's decision is about), for the payout
 * ledger: payouts sits below proofs, so the workflows hand it this read (decision 072).
 */
export async function latestProofsOf(
  db: Db,
  lineIds: number[],
): Promise<Map<number, { id: number; verified: boolean }>> {
  const rows = await latestLiveProofsOfLines(db, [...new Set(lineIds)]);
  return new Map(rows.map((r) => [r.lineId, { id: r.id, verified: r.verified }]));
}
