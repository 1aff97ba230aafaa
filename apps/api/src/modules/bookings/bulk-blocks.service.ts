import { DATES_TAKEN, type SiteBlockBody } from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, notFound, sqlState } from '../../lib/errors.ts';
import { insertBlock, releaseLapsedHolds, releaseLapsedOptions } from '../orders/order-records.service.ts';
import { findOccupants, findOwnedSite } from './blocks.repository.ts';
import { checkWindow, describeOccupant, type Member } from './blocks.service.ts';
import { lockSites } from './bookings.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** One site a bulk block could not take: its place in the request and why, in the owner's words. */
export interface BlockConflict {
  index: number;
  siteId: number;
  siteCode: string;
  message: string;
}

/** 409 listing every site that cannot take the block (decision 046): the message names each by its code. */
export function bulkConflict(action: string, conflicts: BlockConflict[]): HttpError {
  const list = conflicts.map((c) => `${c.siteCode}: ${c.message}`).join('; ');
  return new HttpError(
    409,
    action === 'block' ? DATES_TAKEN : 'conflict',
    `${conflicts.length} of the selected sites cannot be changed, so none was: ${list}.`,
    Object.fromEntries(conflicts.map((c) => [`site_ids.${c.index}`, `${c.siteCode}: ${c.message}`])),
  );
}

/**
 * POST /api/partner/sites/bulk with action block (decision 046): the same block on many own sites, all or
 * nothing. Every site is checked first and all conflicts are listed; then every block is written in one
 * transaction, where the EXCLUDE constraint still judges a booking that arrived in between (nothing is
 * written then either). `body.to_date` is exclusive, as for one site (the last day blocked is the day before).
 */
export async function blockSites(
  deps: Deps,
  member: Member,
  siteIds: number[],
  body: SiteBlockBody,
): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  checkWindow(body, now);
  const sites: Array<NonNullable<Awaited<ReturnType<typeof findOwnedSite>>>> = [];
  for (const id of siteIds) {
    const site = await findOwnedSite(db, id, member.mediaOwnerId);
    if (!site) throw notFound('Site');
    sites.push(site);
  }
  const toExclusive = body.to_date;
  const conflictsNow = async () => {
    const found: BlockConflict[] = [];
    for (const [index, site] of sites.entries()) {
      const occupants = await findOccupants(db, site.id, body.from_date, toExclusive, now);
      if (occupants.length) {
        found.push({
          index,
          siteId: site.id,
          siteCode: site.productCode,
          message: occupants.map((o) => describeOccupant(o, now)).join('; '),
        });
      }
    }
    return found;
  };
  const before = await conflictsNow();
  if (before.length) throw bulkConflict('block', before);
  try {
    await inTransaction(db, async (tx) => {
      for (const site of sites) await releaseLapsedHolds(tx, site.id, now);
      // After the order locks releasing holds takes: orders, then sites (db/booking-occupancy.ts).
      await lockSites(
        tx,
        sites.map((site) => site.id),
      );
      // Under the sites' queue, as every writer of their live rows: lapsed holds (options) stop counting.
      await releaseLapsedOptions(
        tx,
        now,
        sites.map((site) => site.id),
      );
      for (const site of sites) {
        await insertBlock(tx, {
          productId: site.id,
          from: body.from_date,
          toExclusive,
          reason: body.reason,
          userId: member.userId,
          now,
        });
      }
    });
  } catch (err) {
    if (sqlState(err) === '23P01') {
      const after = await conflictsNow();
      if (after.length) throw bulkConflict('block', after);
      throw new HttpError(409, DATES_TAKEN, 'Someone is booking these dates right now. Please try again.');
    }
    throw err;
  }
  return sites.length;
}
