import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, products } from '../../db/schema.ts';

/**
 * Owner blocks (docs/product-rules.md section 8): bookings rows with status 'blocked' and no order, under the same
 * EXCLUDE constraint as holds and paid bookings. Ranges here are half-open [from, toExclusive).
 */

export type BlockRow = typeof bookings.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The site if it belongs to this media owner; someone else's (or no) site is undefined (404 upstream). */
export async function findOwnedSite(db: Db, siteId: number, mediaOwnerId: number) {
  const [site] = await db
    .select({ id: products.id, name: products.name, productCode: products.productCode })
    .from(products)
    .where(and(eq(products.id, siteId), eq(products.mediaOwnerId, mediaOwnerId)))
    .limit(1);
  return site;
}

export interface Occupant {
  id: number;
  status: 'held' | 'option' | 'confirmed' | 'blocked';
  from: string;
  toExclusive: string;
  orderId: number | null;
  holdExpiresAt: Date | null;
  reason: string | null;
}

/** What occupies any day of [from, toExclusive) on this site right now (live holds only), earliest first. */
export async function findOccupants(
  db: Db,
  productId: number,
  from: string,
  toExclusive: string,
  now: Date,
): Promise<Occupant[]> {
  const rows = rowsOf<{
    id: number;
    status: Occupant['status'];
    lo: string;
    hi: string;
    order_id: number | null;
    hold_expires_at: string | Date | null;
    block_reason: string | null;
  }>(
    await db.execute(sql`
      SELECT id, status, lower(period)::text AS lo, upper(period)::text AS hi, order_id, hold_expires_at,
        block_reason
      FROM bookings
      WHERE product_id = ${productId}
        AND period && daterange(${from}::date, ${toExclusive}::date, '[)')
        AND (status IN ('confirmed', 'blocked') OR (status IN ('held', 'option') AND hold_expires_at > ${ts(now)}))
      ORDER BY lower(period), id
      LIMIT 5`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    from: r.lo,
    toExclusive: r.hi,
    orderId: r.order_id === null ? null : Number(r.order_id),
    holdExpiresAt: r.hold_expires_at === null ? null : new Date(r.hold_expires_at),
    reason: r.block_reason,
  }));
}

/** The site's blocks that end after `today` (current and future), earliest first. */
export async function listBlocks(db: Db, productId: number, today: string): Promise<BlockRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.status, 'blocked'),
        sql`upper(${bookings.period}) > ${today}::date`,
      ),
    )
    .orderBy(asc(sql`lower(${bookings.period})`), asc(bookings.id))
    .limit(1000);
}
