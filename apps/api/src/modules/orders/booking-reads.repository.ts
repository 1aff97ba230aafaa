import { thisMonthIst, UNPAID_ORDER_STATUSES } from '@ooh/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/*
 * What placing an order reads of the orders and booking rows already there (issue 43: the bookings
 * module reads no order table). Moved from bookings/bookings.repository.ts as they were, one query each:
 * the ranges taken, the buyer's unpaid orders, a client's spend of the month.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface RangeRef {
  idx: number;
  product_id: number;
  from_date: string;
  to_date: string;
}

/**
 * Which of the ranges overlap a confirmed booking, a block, a live checkout hold or a live option, by the
 * range's idx. With `userId`, that buyer's own open orders and own options do not count: placing the order
 * replaces them (see bookings' placeOrder; decision 082). `heldUntil` is set when only other buyers'
 * options are in the way: the latest of their ends (decision 084, the cart says "on hold until").
 */
export async function findTakenRanges(
  db: Db,
  ranges: RangeRef[],
  now: Date,
  userId: number | null,
): Promise<Map<number, { heldUntil: Date | null }>> {
  if (!ranges.length) return new Map();
  const result = await db.execute(sql`
    SELECT r.idx, bool_and(b.status = 'option') AS only_holds, max(b.hold_expires_at) AS until
      FROM jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb)
        AS r(idx int, product_id int, from_date date, to_date date)
      JOIN bookings b ON b.product_id = r.product_id AND b.period && daterange(r.from_date, r.to_date)
      LEFT JOIN orders o ON o.id = b.order_id
     WHERE (b.status IN ('confirmed', 'blocked') OR (b.status = 'held' AND (b.hold_expires_at IS NULL OR b.hold_expires_at > ${ts(now)}))
         OR (b.status = 'option' AND b.hold_expires_at > ${ts(now)} AND b.held_by_user_id IS DISTINCT FROM ${userId ?? -1}))
       AND NOT COALESCE(o.user_id = ${userId ?? -1} AND o.status IN ('pending_payment', 'awaiting_payment'), false)
     GROUP BY r.idx`);
  const rows = rowsOf<{ idx: number; only_holds: boolean; until: string | Date | null }>(result);
  return new Map(
    rows.map((r) => [Number(r.idx), { heldUntil: r.only_holds && r.until ? new Date(r.until) : null }]),
  );
}

/** The buyer's orders that hold sites unpaid right now (a lapsed one the sweeper has not reached does not). */
export async function countUnpaidOrders(tx: Db, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
        sql`${orders.expiresAt} > ${ts(now)}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The IST calendar month `now` falls in, as instants: India has one offset all year. */
function istMonthOf(now: Date): { from: Date; to: Date } {
  const month = thisMonthIst(now);
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

/**
 * A client's spend this IST month (decision 092), before GST: its orders placed this month that are paid,
 * partly refunded (counted whole: the refund's share is not spend given back to plan with), or unpaid and
 * still holding their sites. Expired, cancelled, failed and wholly refunded orders spend nothing.
 */
export async function sumClientMonthSpend(tx: Db, clientId: number, now: Date): Promise<number> {
  return (await sumClientsMonthSpend(tx, [clientId], now)).get(clientId) ?? 0;
}

/** The same spend for several clients at once (the agency's client list), by client id. */
export async function sumClientsMonthSpend(
  db: Db,
  clientIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (!clientIds.length) return new Map();
  const { from, to } = istMonthOf(now);
  const rows = await db
    .select({ clientId: orders.clientId, n: sql<string>`coalesce(sum(${orders.subtotalPaise}), 0)::text` })
    .from(orders)
    .where(
      and(
        inArray(orders.clientId, clientIds),
        sql`${orders.createdAt} >= ${ts(from)} and ${orders.createdAt} < ${ts(to)}`,
        or(
          inArray(orders.status, ['paid', 'partially_refunded']),
          and(inArray(orders.status, [...UNPAID_ORDER_STATUSES]), sql`${orders.expiresAt} > ${ts(now)}`),
        ),
      ),
    )
    .groupBy(orders.clientId);
  return new Map(rows.map((r) => [r.clientId ?? 0, Number(r.n)]));
}
