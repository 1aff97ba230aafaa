import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwnerMembers, orderItems, orders, products, proofs, users } from '../../db/schema.ts';

export type ProofRow = typeof proofs.$inferSelect;
export type ProofInsert = typeof proofs.$inferInsert;

const lineColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  buyerUserId: orders.userId,
  campaignName: orderItems.campaignName,
  fromDate: orderItems.fromDate,
  toDate: orderItems.toDate,
  status: orderItems.status,
  siteId: products.id,
  siteName: products.name,
  siteCode: products.productCode,
  siteCity: products.city,
  siteAddress: products.address,
  latitude: products.latitude,
  longitude: products.longitude,
};

export type OwnerLineRow = Awaited<ReturnType<typeof findOwnerLine>> & object;

/** A paid line on one of the owner's sites; undefined for anyone else's (a 404 for the caller). */
export async function findOwnerLine(db: Db, ownerId: number, lineId: number) {
  const [row] = await db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, lineId), eq(products.mediaOwnerId, ownerId), isNotNull(orders.paidAt)));
  return row;
}

/**
 * The owner's paid lines that a proof concerns now: started by `today` or starting within `aheadTo`
 * (exclusive), not yet over, not cancelled; in start order.
 */
export async function ownerProofLines(db: Db, ownerId: number, today: string, aheadTo: string) {
  return db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(products.mediaOwnerId, ownerId),
        isNotNull(orders.paidAt),
        inArray(orderItems.status, [
          'scheduled',
          'creative_submitted',
          'creative_approved',
          'creative_rejected',
          'posted',
        ]),
        sql`${orderItems.fromDate} < ${aheadTo}`,
        gte(orderItems.toDate, sql`${today}::date + 1`),
      ),
    )
    .orderBy(asc(orderItems.fromDate), asc(orderItems.id))
    .limit(500);
}

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

/** A proof with who may see it: the order's buyer and the site's owner. */
export async function findProofAudience(db: Db, proofId: number) {
  const [row] = await db
    .select({
      displayKey: proofs.displayKey,
      buyerUserId: orders.userId,
      mediaOwnerId: products.mediaOwnerId,
    })
    .from(proofs)
    .innerJoin(orderItems, eq(orderItems.id, proofs.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
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

/** The lines of an order with their sites (any order: the back office's view); empty when there is none. */
export async function orderLinesWithSites(db: Db, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      siteName: products.name,
      latitude: products.latitude,
      longitude: products.longitude,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function orderExists(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return Boolean(row);
}
