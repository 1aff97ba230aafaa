import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwnerInvitations, mediaOwnerMembers, mediaOwners, users } from '../../db/schema.ts';
import type { MediaOwnerRow } from './partners.repository.ts';

export type MemberRoleValue = (typeof mediaOwnerMembers.$inferSelect)['role'];
export type InvitationRow = typeof mediaOwnerInvitations.$inferSelect;

/** The owner the user acts for and the user's role in its team, or null. */
export async function findMembership(
  db: Db,
  userId: number,
): Promise<{ owner: MediaOwnerRow; role: MemberRoleValue } | null> {
  const [row] = await db
    .select({ owner: mediaOwners, role: mediaOwnerMembers.role })
    .from(mediaOwnerMembers)
    .innerJoin(mediaOwners, eq(mediaOwners.id, mediaOwnerMembers.mediaOwnerId))
    .where(eq(mediaOwnerMembers.userId, userId));
  return row ?? null;
}

export async function findInvitationByPhone(db: Db, phoneNumber: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(mediaOwnerInvitations)
    .where(eq(mediaOwnerInvitations.phoneNumber, phoneNumber));
  return row ?? null;
}

/**
 * Turns the invitation into a membership in one transaction. Two first calls at once: the membership's
 * primary key lets one in, the other inserts nothing. The invitation is deleted first and only a row this
 * call deleted becomes a membership, so an invitation revoked meanwhile (its row gone) makes nobody a member.
 */
export async function claimInvitation(tx: Db, invitation: InvitationRow, userId: number, now: Date) {
  const claimed = await tx
    .delete(mediaOwnerInvitations)
    .where(eq(mediaOwnerInvitations.id, invitation.id))
    .returning({ id: mediaOwnerInvitations.id });
  if (claimed.length === 0) return;
  await tx
    .insert(mediaOwnerMembers)
    .values({
      userId,
      mediaOwnerId: invitation.mediaOwnerId,
      role: invitation.role,
      invitedByUserId: invitation.invitedByUserId,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** Removes an owner's open invitation; null when there is none by that id (revoked, claimed, another owner's). */
export async function deleteInvitation(
  tx: Db,
  ownerId: number,
  invitationId: number,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .delete(mediaOwnerInvitations)
    .where(and(eq(mediaOwnerInvitations.id, invitationId), eq(mediaOwnerInvitations.mediaOwnerId, ownerId)))
    .returning();
  return row ?? null;
}

export async function listMembers(db: Db, ownerId: number) {
  return db
    .select({
      userId: mediaOwnerMembers.userId,
      role: mediaOwnerMembers.role,
      createdAt: mediaOwnerMembers.createdAt,
      phoneNumber: users.phoneNumber,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(mediaOwnerMembers)
    .innerJoin(users, eq(users.id, mediaOwnerMembers.userId))
    .where(eq(mediaOwnerMembers.mediaOwnerId, ownerId))
    .orderBy(asc(mediaOwnerMembers.createdAt), asc(mediaOwnerMembers.userId));
}

export async function listInvitations(db: Db, ownerId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(mediaOwnerInvitations)
    .where(eq(mediaOwnerInvitations.mediaOwnerId, ownerId))
    .orderBy(asc(mediaOwnerInvitations.id));
}

/** Whether the number already belongs to a member of any owner. */
export async function memberOwnerOfPhone(db: Db, phoneNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: mediaOwnerMembers.mediaOwnerId })
    .from(mediaOwnerMembers)
    .innerJoin(users, eq(users.id, mediaOwnerMembers.userId))
    .where(eq(users.phoneNumber, phoneNumber));
  return row?.ownerId ?? null;
}

export async function insertInvitation(
  tx: Db,
  row: Omit<typeof mediaOwnerInvitations.$inferInsert, 'id'>,
): Promise<InvitationRow> {
  const [inserted] = await tx.insert(mediaOwnerInvitations).values(row).returning();
  return inserted;
}

export async function findMemberOfOwner(db: Db, ownerId: number, userId: number) {
  const [row] = await db
    .select()
    .from(mediaOwnerMembers)
    .where(and(eq(mediaOwnerMembers.mediaOwnerId, ownerId), eq(mediaOwnerMembers.userId, userId)));
  return row ?? null;
}

export async function countAdmins(tx: Db, ownerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaOwnerMembers)
    .where(and(eq(mediaOwnerMembers.mediaOwnerId, ownerId), eq(mediaOwnerMembers.role, 'admin')));
  return Number(row.n);
}

export async function deleteMember(tx: Db, ownerId: number, userId: number): Promise<void> {
  await tx
    .delete(mediaOwnerMembers)
    .where(and(eq(mediaOwnerMembers.mediaOwnerId, ownerId), eq(mediaOwnerMembers.userId, userId)));
}

/** Phone numbers (and emails, when known) of an owner's admins: where decisions about the owner are sent. */
export async function adminContacts(db: Db, ownerId: number) {
  return db
    .select({ phoneNumber: users.phoneNumber, email: users.email })
    .from(mediaOwnerMembers)
    .innerJoin(users, eq(users.id, mediaOwnerMembers.userId))
    .where(and(eq(mediaOwnerMembers.mediaOwnerId, ownerId), eq(mediaOwnerMembers.role, 'admin')));
}

/** An invitation to this number not yet taken up, removed (an erased person's number); null when none. */
export async function deleteInvitationOfPhone(tx: Db, phoneNumber: string): Promise<InvitationRow | null> {
  const [row] = await tx
    .delete(mediaOwnerInvitations)
    .where(eq(mediaOwnerInvitations.phoneNumber, phoneNumber))
    .returning();
  return row ?? null;
}
