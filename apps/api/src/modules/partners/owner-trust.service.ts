import type { MediaOwner, MediaOwnerStatus, OpsMediaOwner, OpsMediaOwnerEditBody } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ownersSharingIds, setSuspension, updateOwnerDetails } from './owner-trust.repository.ts';
import { countOwners, listOwners, lockOwner, type MediaOwnerRow } from './partners.repository.ts';
import { duplicatesAmong, noticeToOwner, toMediaOwner } from './partners.service.ts';

interface Deps {
  db: Db;
  clock: Clock;
}

/**
 * The operator's trust checks on owners (docs/product-rules.md section 7, decision 046): applications sharing another
 * owner's GSTIN, PAN or bank account are flagged with the match; an owner is suspended (its sites leave the
 * catalogue, paid bookings go on) and reinstated; its details are corrected. Each audited.
 */

/** Each owner of the page with the other owners it shares an id with. */
export async function withDuplicates(db: Db, rows: MediaOwnerRow[]): Promise<OpsMediaOwner[]> {
  const others = await ownersSharingIds(db, rows);
  return rows.map((row) => ({ ...toMediaOwner(row), duplicates: duplicatesAmong(row, others) }));
}

/** GET /api/ops/media-owners: a page of owners, oldest first (of a status, matching `q`), each with its duplicates. */
export async function opsMediaOwnersPage(
  db: Db,
  page: number,
  pageSize: number,
  status?: MediaOwnerStatus,
  text?: string,
) {
  const [count, rows] = await Promise.all([
    countOwners(db, status, text),
    listOwners(db, pageSize, (page - 1) * pageSize, status, text),
  ]);
  return { count, page, page_size: pageSize, results: await withDuplicates(db, rows) };
}

/**
 * Step 1 of suspending or reinstating an owner (workflows/suspend-owner.workflow.ts), in the caller's
 * transaction: the owner row locked and moved. The same move again answers the owner as it is
 * (`unchanged`: a double click is no error); suspending an owner that is not approved is a 409.
 */
export async function moveOwnerSuspension(
  tx: Db,
  ownerId: number,
  suspend: boolean,
  reason: string,
  now: () => Date,
): Promise<{ unchanged: MediaOwner } | { before: MediaOwnerRow; after: MediaOwnerRow; now: Date }> {
  const before = await lockOwner(tx, ownerId);
  if (!before) throw notFound('Media owner');
  const target = suspend ? 'suspended' : 'approved';
  if (before.status === target) return { unchanged: toMediaOwner(before) };
  const from = suspend ? 'approved' : 'suspended';
  if (before.status !== from) {
    throw conflict(
      `Only ${suspend ? 'an approved' : 'a suspended'} media owner can be ${suspend ? 'suspended' : 'reinstated'}; this one is ${before.status}.`,
    );
  }
  const at = now();
  const after = await setSuspension(tx, ownerId, target, suspend ? reason : null, at);
  return { before, after, now: at };
}

/** Step 3: the audit entry (with how many sites step 2 changed) and the owner's notice; answers the owner. */
export async function recordOwnerSuspension(
  tx: Db,
  move: {
    operatorId: number;
    ownerId: number;
    suspend: boolean;
    reason: string;
    now: Date;
    before: MediaOwnerRow;
    after: MediaOwnerRow;
    sites: number;
  },
): Promise<MediaOwner> {
  const { operatorId, ownerId, suspend, reason, now, before, after, sites } = move;
  const target = suspend ? 'suspended' : 'approved';
  await recordAudit(tx, {
    actorUserId: operatorId,
    action: suspend ? 'media_owner.suspend' : 'media_owner.reinstate',
    entity: 'media_owner',
    entityId: String(ownerId),
    before: toMediaOwner(before),
    after: { ...toMediaOwner(after), reason, sites_changed: sites },
    createdAt: now,
  });
  await noticeToOwner(tx, ownerId, {
    eventKey: `media_owner:${ownerId}:${target}:${now.getTime()}`,
    template: suspend ? 'media_owner_suspended' : 'media_owner_reinstated',
    payload: { company: after.companyName, ...(suspend ? { reason } : {}) },
  });
  return toMediaOwner(after);
}

/** PATCH /api/ops/media-owners/{id}: an operator corrects an owner's contact details (audited, before/after). */
export async function editOwnerDetails(
  deps: Deps,
  operatorId: number,
  ownerId: number,
  body: OpsMediaOwnerEditBody,
): Promise<MediaOwner> {
  return inTransaction(deps.db, async (tx) => {
    const before = await lockOwner(tx, ownerId);
    if (!before) throw notFound('Media owner');
    const now = deps.clock.now();
    const after = await updateOwnerDetails(tx, ownerId, {
      ...(body.company_name !== undefined ? { companyName: body.company_name } : {}),
      ...(body.address_line_1 !== undefined ? { addressLine1: body.address_line_1 } : {}),
      ...(body.address_line_2 !== undefined ? { addressLine2: body.address_line_2 || null } : {}),
      ...(body.city !== undefined ? { city: body.city } : {}),
      ...(body.state !== undefined ? { state: body.state } : {}),
      ...(body.contact_name !== undefined ? { contactName: body.contact_name } : {}),
      ...(body.contact_email !== undefined ? { contactEmail: body.contact_email } : {}),
      ...(body.contact_phone !== undefined ? { contactPhone: body.contact_phone } : {}),
      // New bank details: the linked account is verified again before a payout moves (decision 047).
      ...(body.ifsc !== undefined && body.account_number !== undefined
        ? { ifsc: body.ifsc, accountNumber: body.account_number }
        : {}),
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: 'media_owner.edit',
      entity: 'media_owner',
      entityId: String(ownerId),
      before: toMediaOwner(before),
      after: toMediaOwner(after),
      createdAt: now,
    });
    return toMediaOwner(after);
  });
}
