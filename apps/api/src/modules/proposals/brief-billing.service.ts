import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { billingProfileOf } from '../bookings/billing-profile.service.ts';
import { profileOf } from '../users/users.service.ts';

/**
 * The state a brief's order would be billed in, for the GST its proposals show (decision 092): an agency
 * client's brief bills the client (or its agency, per client), as `POST /api/proposals/{id}/book` will;
 * otherwise the buyer's own profile. A planner who has since left the agency sees their own state's GST
 * (booking would then answer 404 for the client, which is the truth).
 */
export async function briefBillingState(
  db: Db,
  brief: { buyerUserId: number; clientId: number | null },
): Promise<string | null> {
  if (brief.clientId !== null) {
    try {
      return (await billingProfileOf(db, brief.buyerUserId, brief.clientId))?.state ?? null;
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 404)) throw err;
    }
  }
  return (await profileOf(db, brief.buyerUserId))?.state ?? null;
}
