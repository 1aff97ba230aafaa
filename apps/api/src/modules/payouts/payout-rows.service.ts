import type { Db } from '../../db/client.ts';
import { linesForPayouts } from '../orders/statement-ledger.service.ts';
import { ownersForPayouts } from '../partners/partners.service.ts';
import { findRecordedMoves, findTaxFigures, listPayouts, type PayoutFilter } from './payouts.repository.ts';

/*
 * Payouts as the ledger lists them (decision 047), with their line (dates, state), site and owner. The
 * payouts module reads only its own rows; the line and site come from the orders module's service and
 * the owner from the partners module's (decision 088), instead of joining their tables. Each line's
 * latest proof comes from the proofs module, which sits above payouts (decision 072): the workflows hand
 * its read in as `LatestProofsOf`, so payouts never imports proofs nor reads their table.
 */

/** A line's newest proof not withdrawn: the one an operator accepts or rejects. */
export interface LatestProof {
  id: number;
  verified: boolean;
}

/** The proofs module's batch read (proofs.service.ts `latestProofsOf`): line id -> its latest proof. */
export type LatestProofsOf = (db: Db, lineIds: number[]) => Promise<Map<number, LatestProof>>;

/** The status of a payout's owner: a suspended owner's payouts stay held (DESIGN 7). */
export async function ownerStatusOf(db: Db, mediaOwnerId: number): Promise<string | undefined> {
  const [owner] = await ownersForPayouts(db, [mediaOwnerId]);
  return owner?.status;
}

/** Payouts with their line, site, owner and latest proof, newest first. */
export async function listPayoutRows(db: Db, f: PayoutFilter, latestProofsOf: LatestProofsOf, limit = 1000) {
  const rows = await listPayouts(db, f, limit);
  const lineIds = rows.map((r) => r.payout.orderItemId);
  const lines = await linesForPayouts(db, lineIds);
  const latest = await latestProofsOf(db, lineIds);
  const owners = new Map(
    (await ownersForPayouts(db, [...new Set(rows.map((r) => r.payout.mediaOwnerId))])).map((o) => [o.id, o]),
  );
  return rows.flatMap((r) => {
    const line = lines.get(r.payout.orderItemId);
    const owner = owners.get(r.payout.mediaOwnerId);
    if (!line || !owner) return [];
    return [
      {
        payout: r.payout,
        fromDate: line.fromDate,
        toDate: line.toDate,
        lineStatus: line.lineStatus,
        siteId: line.productId,
        siteCode: line.productCode,
        siteName: line.productName,
        ownerName: owner.companyName,
        ownerStatus: owner.status,
        latestProof: latest.get(r.payout.orderItemId) ?? null,
      },
    ];
  });
}

/**
 * What each line's payout recorded as moving in a month (its share and tax figures when paid, less the
 * reversals and recoveries of that month's refunds): a statement reads these, never today's settings, so a
 * closed month stays what was paid (issue 47, decision 093). Lines without a payout (no owner) are absent.
 */
export const recordedMovesOf = (db: Db, lineIds: number[], month: string) =>
  findRecordedMoves(db, lineIds, month);

/** The recorded TCS and TDS figures of some IST months per owner (the operator's tax reports, decision 093). */
export const taxFiguresOf = (db: Db, months: string[]) => findTaxFigures(db, months);
