import { type SQL, sql } from 'drizzle-orm';
import { type Bind, inline } from './prepared-reads.ts';
import { bookings } from './schema.ts';

/**
 * A booking row that occupies its dates at `now`: confirmed (bookings), blocked (the owner's blocks), or a
 * checkout hold whose 15 minutes have not run out. Cancelled rows and expired holds (not yet swept) free
 * their dates. The one definition of "taken" for availability checks and the catalogue's date filter.
 * `bind` names `now` for a prepared read (db/prepared-reads.ts).
 */
export function liveBookingAt(now: Date, bind: Bind = inline): SQL {
  return sql`(${bookings.status} in ('confirmed', 'blocked') or (${bookings.status} = 'held' and ${bookings.holdExpiresAt} > ${bind('now', now.toISOString())}::timestamptz))`;
}
