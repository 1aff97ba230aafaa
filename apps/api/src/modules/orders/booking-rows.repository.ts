import { and, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import { lockSiteOccupancyOfOrder } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';

/*
 * The writes of `bookings`, the rows that occupy a site's dates (docs/architecture.md "who owns what"):
 * a line's hold, its confirmed booking, and an owner's block, all under the one EXCLUDE constraint. A
 * row that is `cancelled` no longer takes part in it, so cancelling one frees its dates at once.
 */

export type BookingRow = typeof bookings.$inferSelect;

/** One hold per line; the EXCLUDE constraint rejects an overlap with a live row (SQLSTATE 23P01). */
export async function insertHolds(
  tx: Db,
  orderId: number,
  lines: Array<{ id: number; productId: number; fromDate: string; toDate: string }>,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  // Same insertion order in every transaction (site, then start) keeps concurrent placements from deadlocking.
  const sorted = [...lines].sort((a, b) => a.productId - b.productId || a.fromDate.localeCompare(b.fromDate));
  await tx.insert(bookings).values(
    sorted.map((i) => ({
      productId: i.productId,
      orderId,
      orderItemId: i.id,
      period: `[${i.fromDate},${i.toDate})`,
      status: 'held' as const,
      holdExpiresAt: expiresAt,
      createdAt: now,
    })),
  );
}

/** The holds of these orders are released (their orders closed unpaid). */
export async function releaseOrderHolds(tx: Db, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(inArray(bookings.orderId, orderIds), eq(bookings.status, 'held')));
}

/** Holds without an order (none are made by the API, but an operator could add one) lapse the same way. */
export async function releaseLapsedOrphanHolds(tx: Db, now: Date, productIds?: number[]): Promise<number> {
  const released = await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(
      and(
        isNull(bookings.orderId),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        productIds ? inArray(bookings.productId, productIds) : undefined,
      ),
    )
    .returning({ id: bookings.id });
  return released.length;
}

/**
 * A cash order's holds last as long as the order (moved together with it). Called under the order's row
 * lock; the rewritten holds are checked by the EXCLUDE constraint again, so the sites' occupancy lock comes
 * first, as for every writer of live rows (db/booking-occupancy.ts).
 */
export async function extendOrderHolds(tx: Db, orderId: number, until: Date): Promise<void> {
  await lockSiteOccupancyOfOrder(tx, orderId);
  await tx
    .update(bookings)
    .set({ holdExpiresAt: until })
    .where(and(eq(bookings.orderId, orderId), eq(bookings.status, 'held')));
}

/**
 * Turns the order's holds into bookings - also holds the sweeper already released, which the EXCLUDE
 * constraint accepts only if nobody took the dates meanwhile (else SQLSTATE 23P01). Lines cancelled
 * before payment keep their rows cancelled.
 */
export async function confirmOrderBookings(tx: Db, orderId: number) {
  return tx
    .update(bookings)
    .set({ status: 'confirmed', holdExpiresAt: null })
    .where(and(eq(bookings.orderId, orderId), ne(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
}

/** Frees the lines' dates at once: a cancelled booking no longer takes part in the overlap constraint. */
export async function cancelLineBookings(tx: Db, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ status: 'cancelled', holdExpiresAt: null })
    .where(and(inArray(bookings.orderItemId, lineIds), ne(bookings.status, 'cancelled')));
}

export interface NewBlock {
  productId: number;
  from: string;
  toExclusive: string;
  reason: string;
  userId: number;
  now: Date;
}

/** An owner's block: the EXCLUDE constraint refuses an overlap with SQLSTATE 23P01 (the caller names it). */
export async function insertBlock(tx: Db, block: NewBlock): Promise<BookingRow> {
  const [row] = await tx
    .insert(bookings)
    .values({
      productId: block.productId,
      period: `[${block.from},${block.toExclusive})`,
      status: 'blocked',
      blockReason: block.reason,
      blockedByUserId: block.userId,
      createdAt: block.now,
    })
    .returning();
  return row;
}

/** Lifts one block of this site; bookings and holds are never touched here. Undefined when there is none. */
export async function cancelBlock(
  db: Db,
  productId: number,
  blockId: number,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.id, blockId), eq(bookings.productId, productId), eq(bookings.status, 'blocked')))
    .returning();
  return row;
}
