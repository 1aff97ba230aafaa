import { formatBookingPeriod } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { insertOption, releaseLapsedHolds, releaseLapsedOptions } from '../orders/order-records.service.ts';
import { findLiveOverlaps, findSiteForHold, lockBuyerHolds, lockSite } from './holds.repository.ts';

export interface OptionLine {
  productId: number;
  fromDate: string;
  toDate: string;
}

/** 409 naming the site whose dates another booking, block or hold took. */
export function datesTaken(site: { name: string; productCode: string }, from: string, to: string) {
  const label = `${site.name} (${site.productCode})`;
  return new HttpError(
    409,
    'sites_unavailable',
    `Sorry, ${label} is already booked or held for some of ${formatBookingPeriod(from, to, { withDays: false })}.`,
    { product_id: label },
  );
}

/**
 * Options for several lines at once, inside the caller's transaction, ending at `expiresAt` (an accepted
 * proposal's validity, decision 086): the same rows and queue as POST /api/holds (decision 082). Lapsed
 * holds make way first (order locks before the sites', db/booking-occupancy.ts), the sites are queued in
 * one sorted lock, and the first line whose dates are taken answers 409 naming its site, so the caller's
 * transaction rolls back with nothing held. Dates the buyer holds already stay as they are. The held-sites
 * cap of POST /api/holds does not apply: the owner offered these lines to this buyer.
 */
export async function placeOptions(
  tx: Db,
  userId: number,
  lines: OptionLine[],
  expiresAt: Date,
  now: Date,
  /** The agency client the brief was made for (decision 092), carried on its options. */
  clientId: number | null = null,
): Promise<void> {
  if (!lines.length) return;
  const siteIds = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  await lockBuyerHolds(tx, userId);
  for (const id of siteIds) await releaseLapsedHolds(tx, id, now);
  for (const id of siteIds) await lockSite(tx, id);
  await releaseLapsedOptions(tx, now, siteIds);
  for (const line of lines) {
    const overlaps = await findLiveOverlaps(tx, line.productId, line.fromDate, line.toDate, now);
    if (overlaps.length && overlaps.every((o) => o.status === 'option' && o.heldByUserId === userId))
      continue;
    if (overlaps.length) {
      const site = (await findSiteForHold(tx, line.productId)) ?? {
        name: `Site ${line.productId}`,
        productCode: String(line.productId),
      };
      throw datesTaken(site, line.fromDate, line.toDate);
    }
    await insertOption(tx, { ...line, userId, expiresAt, now, clientId });
  }
}

/** The site's name and code, for a 409 raised after a transaction gave up on the EXCLUDE constraint. */
export async function siteLabelOf(db: Db, productId: number) {
  return findSiteForHold(db, productId);
}
