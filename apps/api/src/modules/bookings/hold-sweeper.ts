import type { Db } from '../../db/client.ts';
import { expireLapsedOrders } from './bookings.repository.ts';

const BATCH = 500;
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Expires open orders whose 15-minute hold lapsed and releases their holds, in batches. Placing an order
 * releases stale holds on its own sites too, so the sweeper only keeps the tables (and availability) tidy.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<{ orders: number; holds: number }> {
  let orders = 0;
  let holds = 0;
  for (;;) {
    const batch = await db.transaction((tx) => expireLapsedOrders(tx as unknown as Db, now, BATCH));
    orders += batch.orders;
    holds += batch.orphanHolds;
    if (!batch.more) return { orders, holds };
  }
}

export interface HoldSweeper {
  stop(): void;
}

/** Runs releaseExpiredHolds every minute without keeping the process alive; failures are logged, not fatal. */
export function startHoldSweeper(
  db: Db,
  clock: { now(): Date },
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
  intervalMs = SWEEP_INTERVAL_MS,
): HoldSweeper {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseExpiredHolds(db, clock.now())
      .then((r) => {
        if (r.orders || r.holds) log.info(r, 'released expired holds');
      })
      .catch((err) => log.error({ err }, 'hold sweeper failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
