import {
  type MediaOwner,
  maskBankAccount,
  type OwnerDuplicate,
  type PartnerApplicationBody,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, sqlState } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type OwnerNotificationTemplate, queueOwnerNotice } from '../notifications/notifications.service.ts';
import { adminContacts } from './members.repository.ts';
import { ownersSharingIds } from './owner-trust.repository.ts';
import {
  findOwnerName,
  findOwnerOfMember,
  findOwnersForPayouts,
  insertOwnerWithMember,
  lockOwner,
  type MediaOwnerRow,
  setOwnerStatus,
} from './partners.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
}

/** The answer shape: the account number never leaves the server whole. */
export function toMediaOwner(row: MediaOwnerRow): MediaOwner {
  return {
    ...toMediaOwnerWithoutBank(row),
    pan: row.pan,
    ifsc: row.ifsc,
    bank_account_masked: maskBankAccount(row.accountNumber),
  };
}

/** The owner as a manager or field member reads it: bank details and PAN are for admins only (DESIGN 7). */
export function toMediaOwnerWithoutBank(row: MediaOwnerRow): MediaOwner {
  return {
    id: row.id,
    company_name: row.companyName,
    gstin: row.gstin,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    state: row.state,
    pin: row.pin,
    contact_name: row.contactName,
    contact_phone: row.contactPhone,
    contact_email: row.contactEmail,
    status: row.status,
    rejection_reason: row.rejectionReason,
    suspension_reason: row.suspensionReason,
    created_at: row.createdAt.toISOString(),
  };
}

const alreadyApplied = () => conflict('You have already applied; see the status of your application.');

/** POST /api/partner/apply: one application per user; the owner starts pending. */
export async function applyAsPartner(
  deps: Deps,
  userId: number,
  body: PartnerApplicationBody,
): Promise<MediaOwner> {
  if (await findOwnerOfMember(deps.db, userId)) throw alreadyApplied();
  const now = deps.clock.now();
  try {
    const row = await inTransaction(deps.db, (tx) =>
      insertOwnerWithMember(tx, userId, {
        companyName: body.company_name,
        gstin: body.gstin,
        pan: body.pan,
        addressLine1: body.address_line_1,
        addressLine2: body.address_line_2 || null,
        city: body.city,
        state: body.state,
        pin: body.pin,
        contactName: body.contact_name,
        contactPhone: body.contact_phone,
        contactEmail: body.contact_email,
        ifsc: body.ifsc,
        accountNumber: body.account_number,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return toMediaOwner(row);
  } catch (err) {
    // Two applications at once: the membership's primary key lets one through; the other rolls back whole.
    if (sqlState(err) === '23505') throw alreadyApplied();
    throw err;
  }
}

/** The owner's company name ('' when unknown), for statements and documents. */
export async function mediaOwnerName(db: Db, id: number): Promise<string> {
  return (await findOwnerName(db, id)) ?? '';
}

export async function ownerOfMember(db: Db, userId: number): Promise<MediaOwnerRow | null> {
  return findOwnerOfMember(db, userId);
}

/**
 * An operator approves or rejects a pending owner. The row is locked, changed and audited in one
 * transaction, and its admins are told by SMS and email. The same decision again (a double click, a second
 * tab) answers the owner as it is; a different decision on a decided owner is a 409.
 */
/** The other owners among `others` that share the owner's GSTIN, PAN or bank account, with the match. */
export function duplicatesAmong(row: MediaOwnerRow, others: MediaOwnerRow[]): OwnerDuplicate[] {
  const duplicates: OwnerDuplicate[] = [];
  for (const o of others) {
    if (o.id === row.id) continue;
    const match = (field: OwnerDuplicate['field']) =>
      duplicates.push({ field, media_owner_id: o.id, company_name: o.companyName, status: o.status });
    if (o.gstin === row.gstin) match('gstin');
    if (o.pan === row.pan) match('pan');
    if (o.accountNumber === row.accountNumber && o.ifsc === row.ifsc) match('bank_account');
  }
  return duplicates;
}

export async function decideMediaOwner(
  deps: Deps,
  operatorId: number,
  ownerId: number,
  decision: { status: 'approved'; reason?: string } | { status: 'rejected'; reason: string },
): Promise<MediaOwner> {
  return inTransaction(deps.db, async (tx) => {
    const before = await lockOwner(tx, ownerId);
    if (!before) throw notFound('Media owner');
    if (before.status === decision.status) return toMediaOwner(before);
    if (before.status !== 'pending') {
      throw conflict(
        `This media owner is already ${before.status}; only a pending application can be decided.`,
      );
    }
    // A possible duplicate (same GSTIN, PAN or bank account as another owner, DESIGN 7): approved only
    // with the operator's reason, which goes into the audit entry with the matches. Without one: 400,
    // nothing changed, and the answer names the matches so the console can ask.
    const duplicates =
      decision.status === 'approved' ? duplicatesAmong(before, await ownersSharingIds(tx, [before])) : [];
    if (duplicates.length > 0 && !decision.reason?.trim()) {
      const names = [...new Set(duplicates.map((d) => d.company_name))].join(', ');
      throw badRequest(
        `This application shares a GSTIN, PAN or bank account with ${names}: say why you approve it.`,
        { reason: 'Give a reason to approve a possible duplicate.' },
      );
    }
    const now = deps.clock.now();
    const reason = decision.status === 'rejected' ? decision.reason : null;
    const after = await setOwnerStatus(tx, ownerId, decision.status, reason, now);
    await recordAudit(tx, {
      actorUserId: operatorId,
      action: decision.status === 'approved' ? 'media_owner.approve' : 'media_owner.reject',
      entity: 'media_owner',
      entityId: String(ownerId),
      before: toMediaOwner(before),
      after: {
        ...toMediaOwner(after),
        ...(duplicates.length > 0 ? { reason: decision.reason, duplicates } : {}),
      },
      createdAt: now,
    });
    await noticeToOwner(tx, ownerId, {
      eventKey: `media_owner:${ownerId}:${decision.status}`,
      template: decision.status === 'approved' ? 'media_owner_approved' : 'media_owner_rejected',
      payload: { company: after.companyName, ...(reason ? { reason } : {}) },
    });
    return toMediaOwner(after);
  });
}

/**
 * Queues a message about the owner to each of its admins, in the caller's transaction (decision 046):
 * application and site decisions, suspensions. Other modules (sites) call this, never the repository.
 */
export async function noticeToOwner(
  tx: Db,
  ownerId: number,
  notice: { eventKey: string; template: OwnerNotificationTemplate; payload: Record<string, unknown> },
): Promise<void> {
  const admins = await adminContacts(tx, ownerId);
  await queueOwnerNotice(tx, { ...notice, admins });
}

/**
 * Owners with their bank details for their linked accounts (modules/payouts, decision 047): the given
 * ones, or every approved owner. Bank details stay on the server.
 */
export async function ownersForPayouts(db: Db, ids?: number[]): Promise<MediaOwnerRow[]> {
  return findOwnersForPayouts(db, ids);
}
