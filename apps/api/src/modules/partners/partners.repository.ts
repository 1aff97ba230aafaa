import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { mediaOwnerMembers, mediaOwners } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

export type MediaOwnerRow = typeof mediaOwners.$inferSelect;
export type NewMediaOwner = Omit<typeof mediaOwners.$inferInsert, 'id' | 'status' | 'rejectionReason'>;
type Status = MediaOwnerRow['status'];

/** The owner and the applicant's membership, in the caller's transaction. */
export async function insertOwnerWithMember(
  tx: Db,
  userId: number,
  row: NewMediaOwner,
): Promise<MediaOwnerRow> {
  const [owner] = await tx.insert(mediaOwners).values(row).returning();
  await tx.insert(mediaOwnerMembers).values({ userId, mediaOwnerId: owner.id, createdAt: row.createdAt });
  return owner;
}

/** The owner the user acts for, or null. */
export async function findOwnerOfMember(db: Db, userId: number): Promise<MediaOwnerRow | null> {
  const [row] = await db
    .select({ owner: mediaOwners })
    .from(mediaOwnerMembers)
    .innerJoin(mediaOwners, eq(mediaOwners.id, mediaOwnerMembers.mediaOwnerId))
    .where(eq(mediaOwnerMembers.userId, userId));
  return row?.owner ?? null;
}

/** Locks the row for the rest of the transaction, so two operators cannot both decide it. */
export async function lockOwner(tx: Db, id: number): Promise<MediaOwnerRow | null> {
  const [row] = await tx.select().from(mediaOwners).where(eq(mediaOwners.id, id)).for('update');
  return row ?? null;
}

export async function setOwnerStatus(
  tx: Db,
  id: number,
  status: Status,
  rejectionReason: string | null,
  now: Date,
): Promise<MediaOwnerRow> {
  const [row] = await tx
    .update(mediaOwners)
    .set({ status, rejectionReason, updatedAt: now })
    .where(eq(mediaOwners.id, id))
    .returning();
  return row;
}

/** The operator's list filter: a status, and text in the company name, GSTIN or PAN (any case). */
function ownersWhere(status?: Status, text?: string): SQL | undefined {
  const like = (column: AnyPgColumn) => sql`${column} ilike ${containsPattern(text ?? '')} escape '\\'`;
  return and(
    status ? eq(mediaOwners.status, status) : undefined,
    text ? or(like(mediaOwners.companyName), like(mediaOwners.gstin), like(mediaOwners.pan)) : undefined,
  );
}

export async function countOwners(db: Db, status?: Status, text?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaOwners)
    .where(ownersWhere(status, text));
  return Number(row.n);
}

/** Oldest first: the queue is worked from its front. */
export async function listOwners(
  db: Db,
  limit: number,
  offset: number,
  status?: Status,
  text?: string,
): Promise<MediaOwnerRow[]> {
  return db
    .select()
    .from(mediaOwners)
    .where(ownersWhere(status, text))
    .orderBy(asc(mediaOwners.id))
    .limit(limit)
    .offset(offset);
}

export async function findOwnerName(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: mediaOwners.companyName })
    .from(mediaOwners)
    .where(eq(mediaOwners.id, id))
    .limit(1);
  return row?.name ?? null;
}

/** Owners by id, or every approved one (payouts: their linked accounts with the provider, decision 047). */
export async function findOwnersForPayouts(db: Db, ids?: number[]): Promise<MediaOwnerRow[]> {
  return db
    .select()
    .from(mediaOwners)
    .where(ids ? inArray(mediaOwners.id, ids.length ? ids : [0]) : eq(mediaOwners.status, 'approved'))
    .orderBy(asc(mediaOwners.id));
}
