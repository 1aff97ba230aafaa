import type { Db } from '../../db/client.ts';
import { clientsMonthSpend as ordersClientsMonthSpend } from '../orders/booking-reads.service.ts';

/**
 * What each agency client has spent this IST month before GST, as its monthly limit counts it at booking
 * (decision 092): the agency's client list shows it beside the limit, so a planner sees what is left
 * before a booking is refused.
 */
export async function clientsMonthSpend(
  db: Db,
  clientIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  return ordersClientsMonthSpend(db, clientIds, now);
}
