import type { OrderStatus } from '@ooh/shared';
import { and, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/*
 * The order rows the payments module checks a payment against (issue 43: payments reads no order table).
 * Moved from payments/payments.repository.ts and reconciliation.repository.ts as they were, one query
 * each; the row lock is order-records' lockOrder, the same query payments had.
 */

/** The buyer's own order; undefined for another's or none. */
export async function findOrderOfUser(db: Db, orderId: number, userId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order;
}

/** The order whose provider order (stored at checkout) this is; undefined for none of ours. */
export async function findOrderByProviderOrderId(db: Db, providerOrderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return order;
}

/**
 * Orders of `provider` with a provider order to ask about: every one in an `open` status, and those in a
 * `closedUnpaid` status whose hold lapsed after `closedSince` (the statuses are the reconciliation's
 * rule, payments'). Newest first, at most `limit`.
 */
export async function findOrdersToReconcile(
  db: Db,
  p: {
    provider: string;
    open: readonly OrderStatus[];
    closedUnpaid: readonly OrderStatus[];
    closedSince: Date;
    limit: number;
  },
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
          inArray(orders.status, [...p.open]),
          and(inArray(orders.status, [...p.closedUnpaid]), gt(orders.expiresAt, p.closedSince)),
        ),
      ),
    )
    .orderBy(desc(orders.expiresAt), desc(orders.id))
    .limit(p.limit);
}
