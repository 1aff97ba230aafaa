import { and, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** Still waiting for money: the online checkout, or a cash order that had started an online payment. */
export const OPEN_STATUSES = ['pending_payment', 'awaiting_payment'] as const;
/**
 * Closed without money on record, so a captured payment may still be owed to them: their hold lapsed
 * (expired) or the buyer replaced them (cancelled). Not `paid` (settled) and not `failed` (a captured
 * payment was already applied and found the sites taken).
 */
export const CLOSED_UNPAID_STATUSES = ['expired', 'cancelled'] as const;

/**
 * Orders of `provider` with a provider order to ask about: every open one, and the closed-unpaid ones
 * whose hold lapsed after `closedSince`. Newest first, at most `limit`.
 */
export async function findOrdersToReconcile(
  db: Db,
  p: { provider: string; closedSince: Date; limit: number },
) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      providerOrderId: orders.providerOrderId,
      amountPaise: orders.amountPaise,
      currency: orders.currency,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.provider, p.provider),
        isNotNull(orders.providerOrderId),
        or(
          inArray(orders.status, [...OPEN_STATUSES]),
          and(inArray(orders.status, [...CLOSED_UNPAID_STATUSES]), gt(orders.expiresAt, p.closedSince)),
        ),
      ),
    )
    .orderBy(desc(orders.expiresAt), desc(orders.id))
    .limit(p.limit);
}
