import type { Db } from '../../db/client.ts';
import { linesForPayouts } from '../orders/statement-ledger.service.ts';
import { ownersForPayouts } from '../partners/partners.service.ts';
import { findRecordedCommissions, listPayouts, type PayoutFilter } from './payouts.repository.ts';

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
 * The commission rate each line's payout recorded when its order was paid (payouts.commission_percent): a
 * statement applies these, never today's COMMISSION_PERCENT, so a month's figures stay what was paid when
 * the setting changes (issue 47). Lines without a payout (no owner) are absent.
 */
export const recordedCommissionsOf = (db: Db, lineIds: number[]) => findRecordedCommissions(db, lineIds);
