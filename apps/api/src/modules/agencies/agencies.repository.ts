import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, agencyClients, agencyMembers } from '../../db/schema.ts';

/** The only code touching the agencies module's tables (decision 092). */

export type AgencyRow = typeof agencies.$inferSelect;
export type AgencyMemberRow = typeof agencyMembers.$inferSelect;
export type AgencyClientRow = typeof agencyClients.$inferSelect;

export async function insertAgency(tx: Db, values: typeof agencies.$inferInsert): Promise<AgencyRow> {
  const [row] = await tx.insert(agencies).values(values).returning();
  return row;
}

export async function lockAgency(tx: Db, id: number): Promise<void> {
  await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id)).for('update');
}

/** The agency a number acts for, with its role there. */
export async function findMembershipByPhone(
  db: Db,
  phoneNumber: string,
): Promise<{ agency: AgencyRow; role: AgencyMemberRow['role'] } | null> {
  const [row] = await db
    .select({ agency: agencies, role: agencyMembers.role })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.phoneNumber, phoneNumber));
  return row ?? null;
}

export async function findMemberAgencyOfPhone(db: Db, phoneNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(eq(agencyMembers.phoneNumber, phoneNumber));
  return row?.agencyId ?? null;
}

export async function insertMember(
  tx: Db,
  values: typeof agencyMembers.$inferInsert,
): Promise<AgencyMemberRow> {
  const [row] = await tx.insert(agencyMembers).values(values).returning();
  return row;
}

export function listMembers(db: Db, agencyId: number): Promise<AgencyMemberRow[]> {
  return db
    .select()
    .from(agencyMembers)
    .where(eq(agencyMembers.agencyId, agencyId))
    .orderBy(asc(agencyMembers.id));
}

export async function findMember(db: Db, agencyId: number, id: number): Promise<AgencyMemberRow | null> {
  const [row] = await db
    .select()
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.id, id)));
  return row ?? null;
}

export async function countAdmins(db: Db, agencyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.role, 'admin')));
  return Number(row?.n ?? 0);
}

export async function deleteMember(tx: Db, agencyId: number, id: number): Promise<void> {
  await tx.delete(agencyMembers).where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.id, id)));
}

export async function insertClient(
  tx: Db,
  values: typeof agencyClients.$inferInsert,
): Promise<AgencyClientRow> {
  const [row] = await tx.insert(agencyClients).values(values).returning();
  return row;
}

export function listClients(db: Db, agencyId: number): Promise<AgencyClientRow[]> {
  return db
    .select()
    .from(agencyClients)
    .where(eq(agencyClients.agencyId, agencyId))
    .orderBy(asc(agencyClients.id));
}

export async function findClient(db: Db, agencyId: number, id: number): Promise<AgencyClientRow | null> {
  const [row] = await db
    .select()
    .from(agencyClients)
    .where(and(eq(agencyClients.agencyId, agencyId), eq(agencyClients.id, id)));
  return row ?? null;
}

/** Clients' names by id (holds and briefs name the client they were made for). */
export async function findClientNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: agencyClients.id, name: agencyClients.name })
    .from(agencyClients)
    .where(inArray(agencyClients.id, ids));
}

export async function updateClient(
  tx: Db,
  agencyId: number,
  id: number,
  set: Partial<typeof agencyClients.$inferInsert>,
): Promise<AgencyClientRow | null> {
  const [row] = await tx
    .update(agencyClients)
    .set(set)
    .where(and(eq(agencyClients.agencyId, agencyId), eq(agencyClients.id, id)))
    .returning();
  return row ?? null;
}
