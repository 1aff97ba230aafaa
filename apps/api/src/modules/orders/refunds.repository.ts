import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orderItems, orders, payments, products, refunds, users } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** Every line of an order (cancelled ones too: a line's share of the charge never moves). */
export async function findOrderLines(db: Db, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      pricePaise: orderItems.pricePaise,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      status: orderItems.status,
      campaignName: orderItems.campaignName,
      productName: products.name,
      city: products.city,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function insertRefund(tx: Db, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await tx.insert(refunds).values(row).returning();
  return inserted;
}

/** Writes the refund unless one with its idempotency key exists (an automatic refund is written once). */
export async function insertRefundOnce(tx: Db, row: typeof refunds.$inferInsert): Promise<void> {
  await tx.insert(refunds).values(row).onConflictDoNothing({ target: refunds.idempotencyKey });
}

export async function findRefund(db: Db, orderId: number, refundId: number) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
    .limit(1);
  return row;
}

/** The payment a refund goes back to: the order's largest captured one. */
export async function findCapturedPayment(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
    .orderBy(desc(payments.amountPaise), asc(payments.id))
    .limit(1);
  return row;
}

export async function findBuyer(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      phone: users.phoneNumber,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findInvoiceNumber(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .limit(1);
  return row?.number ?? null;
}

/**
 * The order's row lock, the same `SELECT ... FOR UPDATE` as order-records' lockOrder (the payments'
 * confirm, webhook and cash payment and the sweeper take it too): refunds and cancels of one order run
 * one at a time and see each other's rows.
 */
export async function lockOrderRow(tx: Db, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return order;
}

export async function findOrder(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order;
}
