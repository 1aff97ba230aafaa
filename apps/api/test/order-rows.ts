import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { bookings, orders, payments, webhookEvents } from '../src/db/schema.ts';

/** The order, booking, payment and webhook rows the calls of test/api-calls.ts leave, read for asserting. */

/** Everything a refused request must leave untouched. */
export async function snapshot(db: Db) {
  const [o] = await db.select({ n: count() }).from(orders);
  const [p] = await db.select({ n: count() }).from(payments);
  const [w] = await db.select({ n: count() }).from(webhookEvents);
  const orderStates = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .orderBy(orders.id);
  const bookingStates = await db
    .select({ id: bookings.id, status: bookings.status, period: sql<string>`${bookings.period}::text` })
    .from(bookings)
    .orderBy(bookings.id);
  return { orders: o.n, payments: p.n, webhookEvents: w.n, orderStates, bookingStates };
}

export async function bookingsOf(db: Db, orderId: number) {
  return db.select().from(bookings).where(eq(bookings.orderId, orderId)).orderBy(bookings.id);
}

export async function paymentsOf(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId));
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}
