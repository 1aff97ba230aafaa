import { type SQL, sql } from 'drizzle-orm';
import { bookings } from './schema.ts';

/**
 * A booking row that occupies its dates at `now`: confirmed (bookings), blocked (the owner's blocks), or a
 * checkout hold whose 15 minutes have not run out. Cancelled rows and expired holds (not yet swept) free
 * their dates. The one definition of "taken" for availability checks and the catalogue's date filter.
 */
export function liveBookingAt(now: Date): SQL {
  return sql`(${bookings.status} in ('confirmed', 'blocked') or (${bookings.status} = 'held' and ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz))`;
}
