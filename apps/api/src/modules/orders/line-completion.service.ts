import { todayIst } from '@ooh/shared';
import { and, asc, eq, gt, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/errors.ts';
import { moveLine } from './order-lines.repository.ts';

const BATCH = 200;

/** Paid lines whose to_date is before `today` (IST) and that are neither completed nor cancelled. */
async function findLinesToComplete(db: Db, today: string, afterId: number) {
  return db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        isNotNull(orders.paidAt),
        lt(orderItems.toDate, today),
        notInArray(orderItems.status, ['completed', 'cancelled']),
        gt(orderItems.id, afterId),
      ),
    )
    .orderBy(asc(orderItems.id))
    .limit(BATCH);
}

/**
 * Moves every paid line whose last day has passed in India to `completed` (docs/product-rules.md section 9), each
 * through moveLine (actor: system) in its own transaction, so its timeline says when. A line that changed
 * meanwhile (moveLine refuses with 409) is left as it is; the next run looks again.
 */
export async function completeFinishedLines(db: Db, now: Date): Promise<{ completed: number }> {
  const today = todayIst(now);
  let completed = 0;
  let cursor = 0;
  for (;;) {
    const batch = await findLinesToComplete(db, today, cursor);
    for (const line of batch) {
      cursor = line.id;
      try {
        await inTransaction(db, (tx) =>
          moveLine(tx, {
            lineId: line.id,
            to: 'completed',
            actorUserId: null,
            actorRole: 'system',
            now,
          }),
        );
        completed += 1;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
      }
    }
    if (batch.length < BATCH) return { completed };
  }
}
