import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creatives } from '../../db/schema.ts';

/**
 * The creatives table, owned by this module. The lines it concerns (their buyer, site and site's owner)
 * are the orders module's: read through orders/line-reads.service.ts, joined here by line id (issue 43).
 */

export type CreativeRow = typeof creatives.$inferSelect;

export async function newestCreative(db: Db, lineId: number): Promise<CreativeRow | null> {
  const [row] = await db
    .select()
    .from(creatives)
    .where(eq(creatives.orderItemId, lineId))
    .orderBy(desc(creatives.id))
    .limit(1);
  return row ?? null;
}

export async function insertCreative(db: Db, values: typeof creatives.$inferInsert): Promise<CreativeRow> {
  const [row] = await db.insert(creatives).values(values).returning();
  return row;
}

export async function reviewCreative(
  db: Db,
  id: number,
  review: { status: 'approved' | 'rejected'; reason: string | null; userId: number; at: Date },
): Promise<CreativeRow> {
  const [row] = await db
    .update(creatives)
    .set({
      status: review.status,
      rejectionReason: review.reason,
      reviewedByUserId: review.userId,
      reviewedAt: review.at,
    })
    .where(eq(creatives.id, id))
    .returning();
  return row;
}

/** A creative's file and the line it belongs to (whose buyer and site owner may see it), or null. */
export async function findCreativeFile(db: Db, creativeId: number) {
  const [row] = await db
    .select({
      storageKey: creatives.storageKey,
      contentType: creatives.contentType,
      fileName: creatives.fileName,
      sizeBytes: creatives.sizeBytes,
      lineId: creatives.orderItemId,
    })
    .from(creatives)
    .where(eq(creatives.id, creativeId));
  return row ?? null;
}

/**
 * The newest creative of each of these lines, kept when it has the status (or any): what the owner's
 * review page lists. One statement: the newest ids, then their rows.
 */
export async function newestCreativesOfLines(
  db: Db,
  lineIds: number[],
  status: 'submitted' | 'approved' | 'rejected' | 'all',
): Promise<CreativeRow[]> {
  if (!lineIds.length) return [];
  const newest = db
    .selectDistinctOn([creatives.orderItemId], { id: creatives.id })
    .from(creatives)
    .where(inArray(creatives.orderItemId, lineIds))
    .orderBy(creatives.orderItemId, desc(creatives.id));
  return db
    .select()
    .from(creatives)
    .where(and(inArray(creatives.id, newest), status === 'all' ? undefined : eq(creatives.status, status)));
}

/** The line's newest approved creative (what goes to the printer), or null. */
export async function approvedCreativeOf(db: Db, lineId: number): Promise<CreativeRow | null> {
  const [row] = await db
    .select()
    .from(creatives)
    .where(and(eq(creatives.orderItemId, lineId), eq(creatives.status, 'approved')))
    .orderBy(desc(creatives.id))
    .limit(1);
  return row ?? null;
}
