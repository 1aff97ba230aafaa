import type { MemberInviteBody, MemberRole, PartnerMember } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, sqlState } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { queueNotifications } from '../notifications/notifications.service.ts';
import {
  claimInvitation,
  countAdmins,
  deleteInvitation,
  deleteInvitationOfPhone,
  deleteMember,
  findInvitationByPhone,
  findMemberOfOwner,
  findMembership,
  insertInvitation,
  listInvitations,
  listMembers,
  memberOwnerOfPhone,
} from './members.repository.ts';
import { lockOwner, type MediaOwnerRow } from './partners.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
}

export type { MemberRole };

export interface Membership {
  owner: MediaOwnerRow;
  role: MemberRole;
}

/**
 * The owner the user acts for, with their role (decision 046). A number an admin invited becomes a member
 * here, on its first signed-in call that asks: sign-in itself stays the auth module's alone.
 */
export async function membershipOf(
  deps: Deps,
  user: { id: number; phoneNumber: string },
): Promise<Membership | null> {
  const found = await findMembership(deps.db, user.id);
  if (found) return found;
  const invitation = await findInvitationByPhone(deps.db, user.phoneNumber);
  if (!invitation) return null;
  await inTransaction(deps.db, (tx) => claimInvitation(tx, invitation, user.id, deps.clock.now()));
  return findMembership(deps.db, user.id);
}

const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

const invitedView = (i: {
  id: number;
  phoneNumber: string;
  role: MemberRole;
  createdAt: Date;
}): PartnerMember => ({
  user_id: null,
  invitation_id: i.id,
  phone_number: i.phoneNumber,
  name: '',
  role: i.role,
  state: 'invited',
  is_you: false,
  since: i.createdAt.toISOString(),
});

/** GET /api/partner/members: the members, then the invitations still waiting. */
export async function ownerTeam(db: Db, ownerId: number, viewerId: number): Promise<PartnerMember[]> {
  const [members, invitations] = await Promise.all([listMembers(db, ownerId), listInvitations(db, ownerId)]);
  return [
    ...members.map(
      (m): PartnerMember => ({
        user_id: m.userId,
        invitation_id: null,
        phone_number: m.phoneNumber,
        name: nameOf(m),
        role: m.role,
        state: 'member',
        is_you: m.userId === viewerId,
        since: m.createdAt.toISOString(),
      }),
    ),
    ...invitations.map(invitedView),
  ];
}

/**
 * POST /api/partner/members: invites a number with a role; the invitee is told by SMS. The same invitation
 * sent again answers it unchanged (`created: false`), so a double click is no error.
 */
export async function inviteMember(
  deps: Deps,
  acting: { ownerId: number; userId: number; companyName: string },
  body: MemberInviteBody,
): Promise<{ member: PartnerMember; created: boolean }> {
  const memberOf = await memberOwnerOfPhone(deps.db, body.phone_number);
  if (memberOf !== null) {
    throw conflict(
      memberOf === acting.ownerId
        ? 'This number is already a member of your team.'
        : 'This number already acts for another media owner; they must leave it first.',
      { phone_number: 'Already a member' },
    );
  }
  const open = await findInvitationByPhone(deps.db, body.phone_number);
  if (open) {
    if (open.mediaOwnerId === acting.ownerId && open.role === body.role) {
      return { member: invitedView(open), created: false };
    }
    throw conflict('This number already has an open invitation.', { phone_number: 'Already invited' });
  }
  const now = deps.clock.now();
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      const invitation = await insertInvitation(tx, {
        mediaOwnerId: acting.ownerId,
        phoneNumber: body.phone_number,
        role: body.role,
        invitedByUserId: acting.userId,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorUserId: acting.userId,
        action: 'member.invite',
        entity: 'media_owner',
        entityId: String(acting.ownerId),
        before: null,
        after: { phone_number: body.phone_number, role: body.role },
        createdAt: now,
      });
      await queueNotifications(tx, [
        {
          dedupeKey: `invitation:${invitation.id}:sms`,
          channel: 'sms',
          recipient: body.phone_number,
          template: 'member_invited',
          payload: { company: acting.companyName, role: body.role },
        },
      ]);
      return invitation;
    });
    return { member: invitedView(row), created: true };
  } catch (err) {
    // The same number invited twice at once: the unique phone lets one through.
    if (sqlState(err) === '23505') {
      throw conflict('This number already has an open invitation.', { phone_number: 'Already invited' });
    }
    throw err;
  }
}

/**
 * DELETE /api/partner/members/{userId}: removes a member, never the last admin. The owner's row is locked so
 * two admins removing each other at once cannot leave the team without one.
 */
export async function removeMember(
  deps: Deps,
  acting: { ownerId: number; userId: number },
  userId: number,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await lockOwner(tx, acting.ownerId);
    const member = await findMemberOfOwner(tx, acting.ownerId, userId);
    if (!member) throw notFound('Member');
    if (member.role === 'admin' && (await countAdmins(tx, acting.ownerId)) <= 1) {
      throw conflict('The last admin cannot be removed; invite another admin first.');
    }
    await deleteMember(tx, acting.ownerId, userId);
    await recordAudit(tx, {
      actorUserId: acting.userId,
      action: 'member.remove',
      entity: 'media_owner',
      entityId: String(acting.ownerId),
      before: { user_id: userId, role: member.role },
      after: null,
      createdAt: deps.clock.now(),
    });
  });
}

/**
 * DELETE /api/partner/members/invitations/{invitationId}: an admin revokes an invitation not yet taken up
 * (issue 22); audited. An invitation already claimed, revoked, or another owner's is a 404: the list then
 * shows the member, or nothing.
 */
export async function revokeInvitation(
  deps: Deps,
  acting: { ownerId: number; userId: number },
  invitationId: number,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const revoked = await deleteInvitation(tx, acting.ownerId, invitationId);
    if (!revoked) throw notFound('Invitation');
    await recordAudit(tx, {
      actorUserId: acting.userId,
      action: 'member.invite_revoke',
      entity: 'media_owner',
      entityId: String(acting.ownerId),
      before: { phone_number: revoked.phoneNumber, role: revoked.role },
      after: null,
      createdAt: deps.clock.now(),
    });
  });
}

/** Why the person cannot erase their account yet as an owner's member (the only admin), or null. */
export async function teamErasureRefusal(db: Db, userId: number): Promise<string | null> {
  const membership = await findMembership(db, userId);
  if (membership?.role !== 'admin') return null;
  if ((await countAdmins(db, membership.owner.id)) > 1) return null;
  return `You are the only admin of ${membership.owner.companyName}. Make another member an admin (Members), then erase your account.`;
}

/**
 * DELETE /api/me (the erasure workflow's step, in its transaction; decision 085): the person leaves the
 * owner's team they belong to and an invitation to their number is withdrawn; both audited without the
 * number. The owner's records are the owner's and stay. The owner's only admin is refused (409): the team
 * would have nobody to manage its sites, bookings and payouts, so they make another member admin first.
 */
export async function leaveTeamsOnErasure(
  tx: Db,
  person: { userId: number; phoneNumber: string },
  now: Date,
): Promise<void> {
  const membership = await findMembership(tx, person.userId);
  if (membership) {
    await lockOwner(tx, membership.owner.id);
    // Checked again under the owner's lock: another admin may have left since the workflow's first check.
    const refusal = await teamErasureRefusal(tx, person.userId);
    if (refusal) throw conflict(refusal);
    await deleteMember(tx, membership.owner.id, person.userId);
    await recordAudit(tx, {
      actorUserId: person.userId,
      action: 'member.erase',
      entity: 'media_owner',
      entityId: String(membership.owner.id),
      before: { user_id: person.userId, role: membership.role },
      after: null,
      createdAt: now,
    });
  }
  const invitation = await deleteInvitationOfPhone(tx, person.phoneNumber);
  if (invitation) {
    await recordAudit(tx, {
      actorUserId: person.userId,
      action: 'member.invite_erase',
      entity: 'media_owner',
      entityId: String(invitation.mediaOwnerId),
      before: { invitation_id: invitation.id, role: invitation.role },
      after: null,
      createdAt: now,
    });
  }
}
