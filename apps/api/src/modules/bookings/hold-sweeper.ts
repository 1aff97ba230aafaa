import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { expireLapsedOrders } from '../orders/order-records.service.ts';

const BATCH = 500;
/** How often the queue runs the release (modules/jobs/background-jobs.ts). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Expires open orders whose 15-minute hold lapsed and releases their holds, in batches. Placing an order
 * releases stale holds on its own sites too, so the sweeper only keeps the tables (and availability) tidy.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<{ orders: number; holds: number }> {
  let orders = 0;
  let holds = 0;
  for (;;) {
    const batch = await inTransaction(db, (tx) => expireLapsedOrders(tx, now, BATCH));
    orders += batch.orders;
    holds += batch.orphanHolds;
    if (!batch.more) return { orders, holds };
  }
}
