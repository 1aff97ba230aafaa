import type {
  Agency,
  AgencyClient,
  AgencyClientCreateBody,
  AgencyClientPatchBody,
  AgencyCreateBody,
  AgencyMember,
  AgencyMemberInviteBody,
  AgencyRole,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, sqlState } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type AgencyClientRow,
  type AgencyMemberRow,
  type AgencyRow,
  countAdmins,
  deleteMember,
  findClient,
  findClientNames,
  findMember,
  findMemberAgencyOfPhone,
  findMembershipByPhone,
  insertAgency,
  insertClient,
  insertMember,
  listClients,
  listMembers,
  lockAgency,
  updateClient,
} from './agencies.repository.ts';

interface Deps {
  db: Db;
  clock: Clock;
}

export interface AgencyActor {
  id: number;
  phoneNumber: string;
}

export interface AgencyMembership {
  agency: AgencyRow;
  role: AgencyRole;
}

const agencyView = (a: AgencyRow, role: AgencyRole): Agency => ({
  id: a.id,
  company_name: a.companyName,
  gstin: a.gstin,
  pan: a.pan,
  address: a.address,
  city: a.city,
  state: a.state,
  pin: a.pin,
  role,
});

const memberView = (m: AgencyMemberRow, viewer: AgencyActor): AgencyMember => ({
  id: m.id,
  phone_number: m.phoneNumber,
  role: m.role,
  is_you: m.phoneNumber === viewer.phoneNumber,
  since: m.createdAt.toISOString(),
});

export const clientView = (c: AgencyClientRow): AgencyClient => ({
  id: c.id,
  name: c.name,
  gstin: c.gstin,
  address_line_1: c.addressLine1,
  city: c.city,
  state: c.state,
  pin: c.pin,
  bill_to: c.billTo,
  approval_required: c.approvalRequired,
  monthly_limit_paise: c.monthlyLimitPaise,
});

/**
 * The agency the user acts for (by their mobile number, decision 092) when their role is one of `roles`.
 * Not a member: 404 (an agency is nobody else's business); a member without the role: 403.
 */
export async function agencyOf(
  db: Db,
  user: AgencyActor,
  roles: readonly AgencyRole[],
): Promise<AgencyMembership> {
  const found = await findMembershipByPhone(db, user.phoneNumber);
  if (!found) throw notFound('Agency');
  if (!roles.includes(found.role)) throw forbidden('Your role in this agency does not allow this.');
  return found;
}

/** GET /api/agency: the user's agency and role. */
export async function myAgency(db: Db, user: AgencyActor): Promise<Agency> {
  const m = await agencyOf(db, user, ['admin', 'planner', 'approver']);
  return agencyView(m.agency, m.role);
}

const alreadyMember = () =>
  conflict('This number already acts for an agency; it must leave it first.', {
    phone_number: 'Already a member',
  });

/** POST /api/agencies: the signed-in user creates an agency and is its first admin. */
export async function createAgency(deps: Deps, user: AgencyActor, body: AgencyCreateBody): Promise<Agency> {
  if ((await findMemberAgencyOfPhone(deps.db, user.phoneNumber)) !== null) throw alreadyMember();
  const now = deps.clock.now();
  try {
    return await inTransaction(deps.db, async (tx) => {
      const agency = await insertAgency(tx, {
        companyName: body.company_name,
        gstin: body.gstin,
        pan: body.pan,
        address: body.address,
        city: body.city,
        state: body.state,
        pin: body.pin,
        createdByUserId: user.id,
        createdAt: now,
      });
      await insertMember(tx, {
        agencyId: agency.id,
        phoneNumber: user.phoneNumber,
        role: 'admin',
        createdAt: now,
      });
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'agency.create',
        entity: 'agency',
        entityId: String(agency.id),
        before: null,
        after: { company_name: agency.companyName, gstin: agency.gstin },
        createdAt: now,
      });
      return agencyView(agency, 'admin');
    });
  } catch (err) {
    // The same number creating two agencies at once: the unique phone lets one through.
    if (sqlState(err) === '23505') throw alreadyMember();
    throw err;
  }
}

export async function agencyTeam(db: Db, user: AgencyActor): Promise<AgencyMember[]> {
  const { agency } = await agencyOf(db, user, ['admin']);
  return (await listMembers(db, agency.id)).map((m) => memberView(m, user));
}

/** POST /api/agency/members: an admin adds a number with a role; it acts for the agency once signed in. */
export async function inviteAgencyMember(
  deps: Deps,
  user: AgencyActor & { id: number },
  body: AgencyMemberInviteBody,
): Promise<AgencyMember> {
  const { agency } = await agencyOf(deps.db, user, ['admin']);
  if ((await findMemberAgencyOfPhone(deps.db, body.phone_number)) !== null) throw alreadyMember();
  const now = deps.clock.now();
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      const member = await insertMember(tx, {
        agencyId: agency.id,
        phoneNumber: body.phone_number,
        role: body.role,
        invitedByUserId: user.id,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'agency.member_invite',
        entity: 'agency',
        entityId: String(agency.id),
        before: null,
        after: { phone_number: body.phone_number, role: body.role },
        createdAt: now,
      });
      return member;
    });
    return memberView(row, user);
  } catch (err) {
    if (sqlState(err) === '23505') throw alreadyMember();
    throw err;
  }
}

/**
 * DELETE /api/agency/members?id=: never the last admin. The agency's row is locked so two admins removing
 * each other at once cannot leave it without one.
 */
export async function removeAgencyMember(deps: Deps, user: AgencyActor, memberId: number): Promise<void> {
  const { agency } = await agencyOf(deps.db, user, ['admin']);
  await inTransaction(deps.db, async (tx) => {
    await lockAgency(tx, agency.id);
    const member = await findMember(tx, agency.id, memberId);
    if (!member) throw notFound('Member');
    if (member.role === 'admin' && (await countAdmins(tx, agency.id)) <= 1) {
      throw conflict('The last admin cannot be removed; add another admin first.');
    }
    await deleteMember(tx, agency.id, memberId);
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'agency.member_remove',
      entity: 'agency',
      entityId: String(agency.id),
      before: { phone_number: member.phoneNumber, role: member.role },
      after: null,
      createdAt: deps.clock.now(),
    });
  });
}

const PLANNERS: readonly AgencyRole[] = ['admin', 'planner'];

export async function agencyClients(db: Db, user: AgencyActor): Promise<AgencyClient[]> {
  const { agency } = await agencyOf(db, user, PLANNERS);
  return (await listClients(db, agency.id)).map(clientView);
}

export async function addClient(
  deps: Deps,
  user: AgencyActor,
  body: AgencyClientCreateBody,
): Promise<AgencyClient> {
  const { agency } = await agencyOf(deps.db, user, PLANNERS);
  const row = await inTransaction(deps.db, (tx) =>
    insertClient(tx, {
      agencyId: agency.id,
      name: body.name,
      gstin: body.gstin || null,
      addressLine1: body.address_line_1,
      city: body.city,
      state: body.state,
      pin: body.pin,
      billTo: body.bill_to,
      approvalRequired: body.approval_required,
      monthlyLimitPaise: body.monthly_limit_paise,
      createdAt: deps.clock.now(),
    }),
  );
  return clientView(row);
}

export async function editClient(
  deps: Deps,
  user: AgencyActor,
  id: number,
  body: AgencyClientPatchBody,
): Promise<AgencyClient> {
  const { agency } = await agencyOf(deps.db, user, PLANNERS);
  const rules = body.approval_required !== undefined || body.monthly_limit_paise !== undefined;
  const row = await inTransaction(deps.db, async (tx) => {
    const before = rules ? await findClient(tx, agency.id, id) : null;
    const after = await updateClient(tx, agency.id, id, {
      name: body.name,
      // An empty GSTIN clears it; absent leaves it.
      gstin: body.gstin === undefined ? undefined : body.gstin || null,
      addressLine1: body.address_line_1,
      city: body.city,
      state: body.state,
      pin: body.pin,
      billTo: body.bill_to,
      approvalRequired: body.approval_required,
      // null removes the limit; absent leaves it.
      monthlyLimitPaise: body.monthly_limit_paise,
    });
    // The client's booking rules are controls over spend: who changed them is kept.
    if (before && after) {
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'agency.client_rules',
        entity: 'agency_client',
        entityId: String(id),
        before: { approval_required: before.approvalRequired, monthly_limit_paise: before.monthlyLimitPaise },
        after: { approval_required: after.approvalRequired, monthly_limit_paise: after.monthlyLimitPaise },
        createdAt: deps.clock.now(),
      });
    }
    return after;
  });
  if (!row) throw notFound('Client');
  return clientView(row);
}

/**
 * A client the user may book for: one of the agency they plan for (admin or planner). Anyone else's client,
 * or a user of no agency, is 404.
 */
export async function clientForBooking(
  db: Db,
  user: AgencyActor,
  clientId: number,
): Promise<{ client: AgencyClientRow; agency: AgencyRow }> {
  const found = await findMembershipByPhone(db, user.phoneNumber);
  if (!found || !PLANNERS.includes(found.role)) throw notFound('Client');
  const client = await findClient(db, found.agency.id, clientId);
  if (!client) throw notFound('Client');
  return { client, agency: found.agency };
}

/**
 * The names of the clients these holds or briefs were made for, by id (ids were checked against the
 * maker's agency when written, so whoever may read the record may read the name).
 */
export async function clientNamesOf(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  return new Map((await findClientNames(db, wanted)).map((c) => [c.id, c.name]));
}
