import { canMoveLine, ORDER_LINE_STATUS_LABELS, type OrderLineStatus } from '@ooh/shared';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orderLineEvents, orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

export type LineActorRole = 'buyer' | 'media_owner' | 'operator' | 'system';

export interface LineMove {
  lineId: number;
  to: OrderLineStatus;
  actorUserId: number | null;
  actorRole: LineActorRole;
  note?: string | null;
  now: Date;
}

/**
 * The one way a line's status changes (docs/product-rules.md section 9): inside the caller's transaction, with the
 * line locked, checked against ORDER_LINE_TRANSITIONS, and written with its timeline event. A move the
 * table does not allow is a 409 naming both statuses; nothing is written.
 */
export async function moveLine(
  tx: Db,
  move: LineMove,
): Promise<{ from: OrderLineStatus; to: OrderLineStatus }> {
  const [row] = await tx
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.id, move.lineId))
    .for('update');
  const from = row?.status;
  if (!from) throw notFound('Line');
  if (!canMoveLine(from, move.to))
    throw conflict(
      `This line is ${ORDER_LINE_STATUS_LABELS[from].toLowerCase()}: it cannot become ${ORDER_LINE_STATUS_LABELS[move.to].toLowerCase()}.`,
    );
  await tx
    .update(orderItems)
    .set({ status: move.to, statusChangedAt: move.now })
    .where(eq(orderItems.id, move.lineId));
  await tx.insert(orderLineEvents).values({
    orderItemId: move.lineId,
    fromStatus: from,
    toStatus: move.to,
    actorUserId: move.actorUserId,
    actorRole: move.actorRole,
    note: move.note ?? null,
    createdAt: move.now,
  });
  return { from, to: move.to };
}

/** Statuses of a paid line that is still to run or running: its site matters to its buyer. */
const GOING_ON: OrderLineStatus[] = [
  'scheduled',
  'creative_submitted',
  'creative_approved',
  'creative_rejected',
  'posted',
];

/** A site's paid lines that have not ended by `today` (an IST date), with their order: who to tell of the site. */
export function findGoingOnLinesOfSite(tx: Db, productId: number, today: string) {
  return tx
    .select({
      lineId: orderItems.id,
      orderId: orderItems.orderId,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.productId, productId),
        inArray(orderItems.status, GOING_ON),
        gt(orderItems.toDate, today),
        isNotNull(orders.paidAt),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
