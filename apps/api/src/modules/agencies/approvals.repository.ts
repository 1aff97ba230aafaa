import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, agencyApprovals, agencyClients } from '../../db/schema.ts';

/** The approval links and the clients' booking rules (decision 092); the agencies module's tables only. */

export type ApprovalRow = typeof agencyApprovals.$inferSelect;
/** A link with the names its page shows. */
export type NamedApprovalRow = ApprovalRow & { clientName: string; agencyName: string };

const named = {
  approval: agencyApprovals,
  clientName: agencyClients.name,
  agencyName: agencies.companyName,
};

const flatten = (r: { approval: ApprovalRow; clientName: string; agencyName: string }): NamedApprovalRow => ({
  ...r.approval,
  clientName: r.clientName,
  agencyName: r.agencyName,
});

function selectNamed(db: Db) {
  return db
    .select(named)
    .from(agencyApprovals)
    .innerJoin(agencyClients, eq(agencyClients.id, agencyApprovals.clientId))
    .innerJoin(agencies, eq(agencies.id, agencyApprovals.agencyId));
}

export async function insertApproval(
  tx: Db,
  values: typeof agencyApprovals.$inferInsert,
): Promise<ApprovalRow> {
  const [row] = await tx.insert(agencyApprovals).values(values).returning();
  return row;
}

/** What a link is about: a saved campaign's plan or a proposal's accepted lines (exactly one is named). */
export type ApprovalSubject =
  | { campaignId: number; proposalId: null }
  | { campaignId: null; proposalId: number };

const ofSubject = (s: ApprovalSubject): SQL =>
  s.campaignId !== null
    ? eq(agencyApprovals.campaignId, s.campaignId)
    : eq(agencyApprovals.proposalId, s.proposalId);

/**
 * A newer link for the same campaign (or proposal) and client replaces the older ones still waiting: only
 * the latest counts at booking, so an approver must not decide on one that no longer would.
 */
export async function revokeWaiting(
  tx: Db,
  subject: ApprovalSubject,
  clientId: number,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(agencyApprovals)
    .set({ revokedAt: now })
    .where(
      and(
        ofSubject(subject),
        eq(agencyApprovals.clientId, clientId),
        isNull(agencyApprovals.decision),
        isNull(agencyApprovals.revokedAt),
      ),
    )
    .returning({ id: agencyApprovals.id });
  return rows.length;
}

export async function findApprovalByHash(db: Db, tokenHash: string): Promise<NamedApprovalRow | null> {
  const [row] = await selectNamed(db).where(eq(agencyApprovals.tokenHash, tokenHash)).limit(1);
  return row ? flatten(row) : null;
}

/** The link locked until the transaction ends, so two decisions on it run one after the other. */
export async function lockApproval(tx: Db, id: number): Promise<ApprovalRow | null> {
  const [row] = await tx.select().from(agencyApprovals).where(eq(agencyApprovals.id, id)).for('update');
  return row ?? null;
}

export async function findAgencyApproval(
  db: Db,
  agencyId: number,
  id: number,
): Promise<NamedApprovalRow | null> {
  const [row] = await selectNamed(db)
    .where(and(eq(agencyApprovals.agencyId, agencyId), eq(agencyApprovals.id, id)))
    .limit(1);
  return row ? flatten(row) : null;
}

/** The agency's links, newest first (the latest 200: the list is not paged), or one campaign's or proposal's. */
export async function listAgencyApprovals(
  db: Db,
  agencyId: number,
  only: { campaignId?: number; proposalId?: number } = {},
): Promise<NamedApprovalRow[]> {
  const rows = await selectNamed(db)
    .where(
      and(
        eq(agencyApprovals.agencyId, agencyId),
        only.campaignId === undefined ? undefined : eq(agencyApprovals.campaignId, only.campaignId),
        only.proposalId === undefined ? undefined : eq(agencyApprovals.proposalId, only.proposalId),
      ),
    )
    .orderBy(desc(agencyApprovals.id))
    .limit(200);
  return rows.map(flatten);
}

export async function setDecision(
  tx: Db,
  id: number,
  set: Pick<ApprovalRow, 'decision' | 'decidedAt' | 'decidedByName' | 'comment'>,
): Promise<void> {
  await tx.update(agencyApprovals).set(set).where(eq(agencyApprovals.id, id));
}

export async function setRevoked(tx: Db, id: number, now: Date): Promise<void> {
  await tx.update(agencyApprovals).set({ revokedAt: now }).where(eq(agencyApprovals.id, id));
}

/** The latest link of a campaign (or proposal) for a client: the one a booking for the client is judged by. */
export async function latestApproval(
  db: Db,
  subject: ApprovalSubject,
  clientId: number,
): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(agencyApprovals)
    .where(and(ofSubject(subject), eq(agencyApprovals.clientId, clientId)))
    .orderBy(desc(agencyApprovals.id))
    .limit(1);
  return row ?? null;
}

/** A client by id alone (the caller has already checked it is the user's agency's). */
export async function findClientById(db: Db, id: number) {
  const [row] = await db.select().from(agencyClients).where(eq(agencyClients.id, id)).limit(1);
  return row ?? null;
}

/**
 * The client's row locked until the transaction ends: bookings for one client pass its monthly limit one
 * at a time, so two at once cannot both see room for themselves.
 */
export async function lockClient(
  tx: Db,
  id: number,
): Promise<{ name: string; monthlyLimitPaise: number | null } | null> {
  const [row] = await tx
    .select({ name: agencyClients.name, monthlyLimitPaise: agencyClients.monthlyLimitPaise })
    .from(agencyClients)
    .where(eq(agencyClients.id, id))
    .for('update');
  return row ?? null;
}
