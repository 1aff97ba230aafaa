import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwnerMembers, products, proofs, users } from '../../db/schema.ts';

export type ProofRow = typeof proofs.$inferSelect;
export type ProofInsert = typeof proofs.$inferInsert;

export async function proofsOfLines(db: Db, lineIds: number[]): Promise<ProofRow[]> {
  if (lineIds.length === 0) return [];
  return (
    db
      .select()
      .from(proofs)
      // A withdrawn proof counts nowhere (decision 046).
      .where(and(inArray(proofs.orderItemId, lineIds), isNull(proofs.withdrawnAt)))
      .orderBy(asc(proofs.orderItemId), asc(proofs.id))
  );
}

/** The newest proof not withdrawn of each line that has one, in one query (on `proofs_item_idx`). */
export async function latestLiveProofsOfLines(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .selectDistinctOn([proofs.orderItemId], {
      lineId: proofs.orderItemId,
      id: proofs.id,
      verified: proofs.verified,
    })
    .from(proofs)
    .where(and(inArray(proofs.orderItemId, lineIds), isNull(proofs.withdrawnAt)))
    .orderBy(asc(proofs.orderItemId), desc(proofs.id));
}

/**
 * Serialises proof uploads for the duplicate check: two copies of one photo sent at the same moment must
 * not both miss each other. Held until the transaction ends; uploads are rare, so one lock is enough.
 */
export async function lockProofChecks(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('proofs:duplicate-check'))`);
}

/**
 * The nearest earlier proof of any site within `maxBits` differing bits of the 64-bit hash, with its
 * site's name. The XOR and bit count run in the database (PostgreSQL 14+), one pass over the hashes.
 */
/**
 * A match through a mirrored or cropped variant must be this many bits closer than one of the whole
 * photos: copies match their variants within 0-1 bits, while comparing more pairs of different scenes
 * brings the closest pair nearer (15 bits with the penalty, 11 without, on 24 generated scenes).
 */
const VARIANT_PENALTY_BITS = 4;

/**
 * The nearest earlier proof within `maxBits`, comparing every hash of the new photo (`hashes[0]` its own,
 * then its mirrored and cropped variants) with every hash of each earlier proof (decision 040).
 */
export async function findNearDuplicate(tx: Db, hashes: string[], maxBits: number) {
  const given = sql`array[${sql.join(
    hashes.map((h) => sql`${h}`),
    sql`, `,
  )}]::text[]`;
  const distance = sql<number>`(
    select min(bit_count(('x' || a.h)::bit(64) # ('x' || b.h)::bit(64))
      + case when a.i = 1 and b.i = 1 then 0 else ${VARIANT_PENALTY_BITS} end)
    from unnest(array[${proofs.phash}] || ${proofs.phashVariants}) with ordinality as a(h, i),
      unnest(${given}) with ordinality as b(h, i))`;
  const [row] = await tx
    .select({ id: proofs.id, createdAt: proofs.createdAt, siteName: products.name, distance })
    .from(proofs)
    .innerJoin(products, eq(products.id, proofs.productId))
    .where(sql`${distance} <= ${maxBits}`)
    .orderBy(asc(distance), asc(proofs.id))
    .limit(1);
  return row;
}

export async function insertProof(tx: Db, values: ProofInsert): Promise<ProofRow> {
  const [row] = await tx.insert(proofs).values(values).returning();
  return row;
}

/** Whom "proof posted" goes to: the line's buyer. */
export async function buyerContact(tx: Db, userId: number) {
  const [row] = await tx
    .select({ phoneNumber: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * A proof not withdrawn with its line and its site's owner: who may see it is the line's buyer (asked of
 * the orders module) and the owner.
 */
export async function findProofAudience(db: Db, proofId: number) {
  const [row] = await db
    .select({
      displayKey: proofs.displayKey,
      lineId: proofs.orderItemId,
      mediaOwnerId: products.mediaOwnerId,
    })
    .from(proofs)
    .innerJoin(products, eq(products.id, proofs.productId))
    .where(and(eq(proofs.id, proofId), isNull(proofs.withdrawnAt)));
  return row;
}

/** A proof on one of the owner's sites, locked for the transaction; null for another owner's. */
export async function lockOwnerProof(tx: Db, ownerId: number, proofId: number) {
  const [row] = await tx
    .select({ proof: proofs })
    .from(proofs)
    .innerJoin(products, eq(products.id, proofs.productId))
    .where(and(eq(proofs.id, proofId), eq(products.mediaOwnerId, ownerId)))
    .for('update', { of: proofs });
  return row?.proof ?? null;
}

export async function markProofWithdrawn(tx: Db, proofId: number, now: Date): Promise<void> {
  await tx.update(proofs).set({ withdrawnAt: now }).where(eq(proofs.id, proofId));
}

export async function isMemberOf(db: Db, userId: number, mediaOwnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: mediaOwnerMembers.userId })
    .from(mediaOwnerMembers)
    .where(and(eq(mediaOwnerMembers.userId, userId), eq(mediaOwnerMembers.mediaOwnerId, mediaOwnerId)));
  return Boolean(row);
}
