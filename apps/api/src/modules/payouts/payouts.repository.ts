import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutRecoveries, payoutReversals, payouts } from '../../db/schema.ts';

/*
 * The payouts ledger (decision 047): the only code writing payouts, reversals and recoveries. The order
 * lines, sites and owners they concern are read through the orders and partners services
 * (payout-rows.service.ts, decision 088), and the lines' proofs through the proofs service, which the
 * workflows hand to payouts (proofs sits above payouts, decision 072): no other module's table is read here.
 */

export type PayoutRow = typeof payouts.$inferSelect;

export async function insertPayoutsOnce(db: Db, rows: Array<typeof payouts.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(payouts).values(rows).onConflictDoNothing({ target: payouts.orderItemId });
}

export async function lockPayout(db: Db, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

/**
 * Claims a payout with provider work for one sync pass (decision 066): one conditional UPDATE, so of two
 * passes at once the second waits for the first's row lock, finds the claim taken and gets nothing.
 */
export async function claimPayoutSync(
  db: Db,
  id: number,
  now: Date,
  until: Date,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ syncClaimedUntil: until })
    .where(
      and(
        eq(payouts.id, id),
        eq(payouts.needsSync, true),
        or(isNull(payouts.syncClaimedUntil), lte(payouts.syncClaimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function lockPayoutOfLine(db: Db, lineId: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.orderItemId, lineId)).for('update');
  return row;
}

export async function findPayout(db: Db, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function findPayoutByTransfer(db: Db, transferId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.transferId, transferId));
  return row;
}

export async function updatePayout(
  db: Db,
  id: number,
  set: Partial<typeof payouts.$inferInsert>,
): Promise<PayoutRow> {
  const [row] = await db.update(payouts).set(set).where(eq(payouts.id, id)).returning();
  return row!;
}

/** Payouts with provider work left whose pause is over. */
export async function findPayoutsToSync(db: Db, now: Date, limit: number) {
  return db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(eq(payouts.needsSync, true), or(isNull(payouts.nextAttemptAt), lte(payouts.nextAttemptAt, now))),
    )
    .orderBy(asc(payouts.id))
    .limit(limit);
}

/** A refund's reversal, once per payout and refund (a replayed settlement writes nothing). */
export async function insertReversalOnce(db: Db, row: typeof payoutReversals.$inferInsert): Promise<boolean> {
  const written = await db
    .insert(payoutReversals)
    .values(row)
    .onConflictDoNothing({ target: [payoutReversals.payoutId, payoutReversals.refundId] })
    .returning({ id: payoutReversals.id });
  return written.length > 0;
}

export async function insertRecoveryOnce(
  db: Db,
  row: typeof payoutRecoveries.$inferInsert,
): Promise<boolean> {
  const written = await db
    .insert(payoutRecoveries)
    .values(row)
    .onConflictDoNothing({ target: [payoutRecoveries.payoutId, payoutRecoveries.refundId] })
    .returning({ id: payoutRecoveries.id });
  return written.length > 0;
}

/** The owner's recoveries not yet taken from a transfer, oldest first, locked (one release takes each). */
export async function lockOutstandingRecoveries(db: Db, mediaOwnerId: number) {
  return db
    .select()
    .from(payoutRecoveries)
    .where(
      and(eq(payoutRecoveries.mediaOwnerId, mediaOwnerId), isNull(payoutRecoveries.recoveredFromPayoutId)),
    )
    .orderBy(asc(payoutRecoveries.id))
    .for('update');
}

export async function markRecoveryTaken(db: Db, id: number, payoutId: number): Promise<void> {
  await db
    .update(payoutRecoveries)
    .set({ recoveredFromPayoutId: payoutId })
    .where(eq(payoutRecoveries.id, id));
}

export interface PayoutFilter {
  mediaOwnerId?: number;
  state?: string;
  month?: string;
  ids?: number[];
}

/** Payouts, newest first (their line, site, owner and latest proof: payout-rows.service.ts). */
export async function listPayouts(db: Db, f: PayoutFilter, limit = 1000) {
  const where: SQL[] = [];
  if (f.mediaOwnerId !== undefined) where.push(eq(payouts.mediaOwnerId, f.mediaOwnerId));
  if (f.state !== undefined) where.push(eq(payouts.state, f.state));
  if (f.month !== undefined) where.push(eq(payouts.month, f.month));
  if (f.ids !== undefined) where.push(inArray(payouts.id, f.ids.length ? f.ids : [0]));
  return db
    .select({ payout: payouts })
    .from(payouts)
    .where(and(...where))
    .orderBy(desc(payouts.id))
    .limit(limit);
}

export async function listRecoveryRows(db: Db, f: PayoutFilter, limit = 1000) {
  const where: SQL[] = [];
  if (f.mediaOwnerId !== undefined) where.push(eq(payoutRecoveries.mediaOwnerId, f.mediaOwnerId));
  if (f.month !== undefined) where.push(eq(payoutRecoveries.month, f.month));
  return db
    .select({ recovery: payoutRecoveries, orderId: payouts.orderId, lineId: payouts.orderItemId })
    .from(payoutRecoveries)
    .innerJoin(payouts, eq(payouts.id, payoutRecoveries.payoutId))
    .where(and(...where))
    .orderBy(desc(payoutRecoveries.id))
    .limit(limit);
}

/** The proof that released each line's payout, for the lines whose payout a proof released. */
export async function findReleasingProofs(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({ lineId: payouts.orderItemId, proofId: payouts.releasedByProofId })
    .from(payouts)
    .where(and(inArray(payouts.orderItemId, lineIds), sql`${payouts.releasedByProofId} is not null`));
}

/** An order's payouts, one per line that has one. */
export async function findPayoutsOfOrder(db: Db, orderId: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.orderId, orderId));
}

/** Per line of an order, its payout's state (the buyer's order page says whether the owner was paid). */
export async function findPayoutStatesOfOrder(db: Db, orderId: number) {
  return db
    .select({ lineId: payouts.orderItemId, state: payouts.state })
    .from(payouts)
    .where(eq(payouts.orderId, orderId));
}

/** The month's figures of an owner's ledger: shares of payouts paid that month, reversals and recoveries of it. */
export async function monthFigures(db: Db, mediaOwnerId: number, month: string) {
  const [shares] = await db
    .select({ sum: sql<string>`coalesce(sum(${payouts.sharePaise}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.mediaOwnerId, mediaOwnerId), eq(payouts.month, month)));
  const [reversals] = await db
    .select({ sum: sql<string>`coalesce(sum(${payoutReversals.amountPaise}), 0)` })
    .from(payoutReversals)
    .innerJoin(payouts, eq(payouts.id, payoutReversals.payoutId))
    .where(and(eq(payouts.mediaOwnerId, mediaOwnerId), eq(payoutReversals.month, month)));
  const [recoveries] = await db
    .select({ sum: sql<string>`coalesce(sum(${payoutRecoveries.amountPaise}), 0)` })
    .from(payoutRecoveries)
    .where(and(eq(payoutRecoveries.mediaOwnerId, mediaOwnerId), eq(payoutRecoveries.month, month)));
  return {
    sharesPaise: Number(shares!.sum),
    reversalsPaise: Number(reversals!.sum),
    recoveriesPaise: Number(recoveries!.sum),
  };
}

/** Each line's commission rate as its payout recorded it at payment: line id -> percent. */
export async function findRecordedCommissions(db: Db, lineIds: number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: payouts.orderItemId, percent: payouts.commissionPercent })
    .from(payouts)
    .where(inArray(payouts.orderItemId, lineIds));
  return new Map(rows.map((r) => [r.lineId, r.percent]));
}
