import type { Db } from '../../db/client.ts';
import { linesForPayouts } from '../orders/statement-ledger.service.ts';
import { ownersForPayouts } from '../partners/partners.service.ts';
import { listPayouts, type PayoutFilter } from './payouts.repository.ts';

/*
 * Payouts as the ledger lists them (decision 047), with their line (dates, state), site and owner. The
 * payouts module reads only its own rows; the line and site come from the orders module's service and
 * the owner from the partners module's (decision 088), instead of joining their tables.
 */

/** The status of a payout's owner: a suspended owner's payouts stay held (DESIGN 7). */
export async function ownerStatusOf(db: Db, mediaOwnerId: number): Promise<string | undefined> {
  const [owner] = await ownersForPayouts(db, [mediaOwnerId]);
  return owner?.status;
}

/** Payouts with their line, site, owner and latest proof, newest first. */
export async function listPayoutRows(db: Db, f: PayoutFilter, limit = 1000) {
  const rows = await listPayouts(db, f, limit);
  const lines = await linesForPayouts(
    db,
    rows.map((r) => r.payout.orderItemId),
  );
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
        latestProof: r.latestProof,
      },
    ];
  });
}
