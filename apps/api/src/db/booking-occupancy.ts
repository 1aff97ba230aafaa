import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { type Bind, inline } from './prepared-reads.ts';
import { bookings } from './schema.ts';

/**
 * A booking row that occupies its dates at `now`: confirmed (bookings), blocked (the owner's blocks), a
 * checkout hold whose 15 minutes have not run out, or a buyer's option (hold) before its end (decision 082).
 * Cancelled rows and lapsed holds and options (not yet swept) free their dates. The one definition of
 * "taken" for availability checks and the catalogue's date filter. `bind` names `now` for a prepared read
 * (db/prepared-reads.ts).
 */
export function liveBookingAt(now: Date, bind: Bind = inline): SQL {
  return sql`(${bookings.status} in ('confirmed', 'blocked') or (${bookings.status} in ('held', 'option') and ${bookings.holdExpiresAt} > ${bind('now', now.toISOString())}::timestamptz))`;
}

/** Advisory-lock namespace (first key) of a site's occupancy; the second key is the product id. */
const LOCK_SITE_OCCUPANCY = 91_011;

/**
 * Until the transaction ends, it alone adds live rows (holds, bookings) on these sites: taken just before
 * the rows are written, after any order row locks (orders, then sites, on every path that takes both), in
 * product-id order so two multi-site writers never wait on each other.
 *
 * Why: the EXCLUDE constraint inserts first and then waits for any uncommitted overlapping row. Two
 * placements inserting at the same instant each wait for the other, and PostgreSQL only breaks that after
 * deadlock_timeout (1 s) by aborting one; with many buyers racing for one site every other placement is
 * waiting on those rows too, each aborted one retries straight back into the crowd, and the site is freed
 * one deadlock per second (50 buyers: about 150 s, all 20 pool connections stuck, 500s once retries ran
 * out). Queued here instead, each placement finds the previous one committed or rolled back: 23P01 at once
 * (409 sites_unavailable) or a free site.
 */
export async function lockSiteOccupancy(tx: Db, productIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(productIds)].filter(Number.isSafeInteger).sort((a, b) => a - b);
  if (ids.length === 0) return;
  // ORDER BY: PostgreSQL evaluates volatile output expressions after the sort, so the locks go in id order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOCK_SITE_OCCUPANCY}, s.id) from unnest(${`{${ids.join(',')}}`}::int[]) as s(id) order by s.id`,
  );
}

/** lockSiteOccupancy for the sites an order occupies (its bookings rows, whatever their status). */
export async function lockSiteOccupancyOfOrder(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOCK_SITE_OCCUPANCY}, s.product_id) from (select distinct ${bookings.productId} as product_id from ${bookings} where ${bookings.orderId} = ${orderId}) as s order by s.product_id`,
  );
}
