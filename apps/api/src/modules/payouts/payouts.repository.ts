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

/** What a line's payout recorded as moving in a month (statements read these, decision 093). */
export interface RecordedMove {
  commissionPercent: number;
  /** Paid with the tax model (migration 0046): its tax figures are recorded; false: decision 047's. */
  taxed: boolean;
  payoutPaise: number;
  gstOnSupplyPaise: number;
  commissionPaise: number;
  commissionGstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
}

const FIGURES = [
  'gstOnSupplyPaise',
  'commissionPaise',
  'commissionGstPaise',
  'tcsPaise',
  'tdsPaise',
] as const;

/**
 * Each line's payout movement in the IST month `month` (line id -> move): its share and figures when paid
 * that month, less the reversals and recoveries (and their figures) of refunds processed that month.
 */
export async function findRecordedMoves(
  db: Db,
  lineIds: number[],
  month: string,
): Promise<Map<number, RecordedMove>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db.select().from(payouts).where(inArray(payouts.orderItemId, lineIds));
  const ids = rows.map((r) => r.id);
  const fell = (t: typeof payoutReversals | typeof payoutRecoveries) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            payoutId: t.payoutId,
            amountPaise: sql<string>`sum(${t.amountPaise})`,
            gstOnSupplyPaise: sql<string>`sum(${t.gstOnSupplyPaise})`,
            commissionPaise: sql<string>`sum(${t.commissionPaise})`,
            commissionGstPaise: sql<string>`sum(${t.commissionGstPaise})`,
            tcsPaise: sql<string>`sum(${t.tcsPaise})`,
            tdsPaise: sql<string>`sum(${t.tdsPaise})`,
          })
          .from(t)
          .where(and(inArray(t.payoutId, ids), eq(t.month, month)))
          .groupBy(t.payoutId);
  const [reversed, recovered] = await Promise.all([fell(payoutReversals), fell(payoutRecoveries)]);
  const moves = new Map<number, RecordedMove>();
  for (const p of rows) {
    const paidNow = p.month === month;
    const move: RecordedMove = {
      commissionPercent: p.commissionPercent,
      taxed: p.supplyKind !== null,
      payoutPaise: paidNow ? p.sharePaise : 0,
      gstOnSupplyPaise: paidNow ? p.gstOnSupplyPaise : 0,
      commissionPaise: paidNow ? p.commissionPaise : 0,
      commissionGstPaise: paidNow ? p.commissionGstPaise : 0,
      tcsPaise: paidNow ? p.tcsPaise : 0,
      tdsPaise: paidNow ? p.tdsPaise : 0,
    };
    for (const f of [...reversed, ...recovered].filter((r) => r.payoutId === p.id)) {
      move.payoutPaise -= Number(f.amountPaise);
      for (const k of FIGURES) move[k] -= Number(f[k]);
    }
    moves.set(p.orderItemId, move);
  }
  return moves;
}

/** One owner's tax figures over some months, by supply kinds and PAN validity (the reports, the commission invoices). */
export interface OwnerTaxFigures {
  mediaOwnerId: number;
  supplyKind: string;
  commissionSupplyKind: string;
  panValid: boolean;
  /** Taxable value of the lines paid in the months. */
  grossPaise: number;
  /** Taxable value of the refunds processed in the months (reversals and recoveries). */
  returnsPaise: number;
  /** TCS collected at payment, less what the months' refunds took off it. */
  tcsPaise: number;
  /** TDS deducted at payment, less the months' refunds' fall and set-offs. */
  tdsPaise: number;
  /** The commission and its GST kept back at payment, less the months' refunds' fall. */
  commissionPaise: number;
  commissionGstPaise: number;
}

const FIGURE_SUMS = ['tcsPaise', 'tdsPaise', 'commissionPaise', 'commissionGstPaise'] as const;

/**
 * The recorded tax figures of the given IST months (decision 093), summed per owner, supply kinds and PAN
 * validity: payouts paid in them and the refunds processed in them. Payouts paid before the tax model
 * (no supply kind) collected no TCS or TDS and are left out.
 */
export async function findTaxFigures(db: Db, months: string[]): Promise<OwnerTaxFigures[]> {
  const taxed = sql`${payouts.supplyKind} is not null`;
  const keys = {
    mediaOwnerId: payouts.mediaOwnerId,
    supplyKind: sql<string>`${payouts.supplyKind}`,
    commissionSupplyKind: sql<string>`${payouts.commissionSupplyKind}`,
    panValid: sql<boolean>`${payouts.panValid}`,
  };
  const groups = [payouts.mediaOwnerId, payouts.supplyKind, payouts.commissionSupplyKind, payouts.panValid];
  const paid = await db
    .select({
      ...keys,
      grossPaise: sql<string>`sum(${payouts.valuePaise})`,
      tcsPaise: sql<string>`sum(${payouts.tcsPaise})`,
      tdsPaise: sql<string>`sum(${payouts.tdsPaise})`,
      commissionPaise: sql<string>`sum(${payouts.commissionPaise})`,
      commissionGstPaise: sql<string>`sum(${payouts.commissionGstPaise})`,
    })
    .from(payouts)
    .where(and(inArray(payouts.month, months), taxed))
    .groupBy(...groups);
  const fell = (t: typeof payoutReversals | typeof payoutRecoveries) =>
    db
      .select({
        ...keys,
        returnsPaise: sql<string>`sum(${t.taxablePaise})`,
        tcsPaise: sql<string>`sum(${t.tcsPaise})`,
        tdsPaise: sql<string>`sum(${t.tdsPaise})`,
        commissionPaise: sql<string>`sum(${t.commissionPaise})`,
        commissionGstPaise: sql<string>`sum(${t.commissionGstPaise})`,
      })
      .from(t)
      .innerJoin(payouts, eq(payouts.id, t.payoutId))
      .where(and(inArray(t.month, months), taxed))
      .groupBy(...groups);
  const [reversed, recovered] = await Promise.all([fell(payoutReversals), fell(payoutRecoveries)]);
  const byKey = new Map<string, OwnerTaxFigures>();
  type Key = Pick<OwnerTaxFigures, 'mediaOwnerId' | 'supplyKind' | 'commissionSupplyKind' | 'panValid'>;
  const entry = (r: Key) => {
    const key = `${r.mediaOwnerId}/${r.supplyKind}/${r.commissionSupplyKind}/${r.panValid}`;
    let e = byKey.get(key);
    if (!e) {
      e = {
        mediaOwnerId: r.mediaOwnerId,
        supplyKind: r.supplyKind,
        commissionSupplyKind: r.commissionSupplyKind,
        panValid: r.panValid,
        grossPaise: 0,
        returnsPaise: 0,
        tcsPaise: 0,
        tdsPaise: 0,
        commissionPaise: 0,
        commissionGstPaise: 0,
      };
      byKey.set(key, e);
    }
    return e;
  };
  for (const r of paid) {
    const e = entry(r);
    e.grossPaise += Number(r.grossPaise);
    for (const k of FIGURE_SUMS) e[k] += Number(r[k]);
  }
  for (const r of [...reversed, ...recovered]) {
    const e = entry(r);
    e.returnsPaise += Number(r.returnsPaise);
    for (const k of FIGURE_SUMS) e[k] -= Number(r[k]);
  }
  return [...byKey.values()].sort((a, b) => a.mediaOwnerId - b.mediaOwnerId);
}
