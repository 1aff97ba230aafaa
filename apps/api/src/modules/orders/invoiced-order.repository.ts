import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orderItems, orders, products } from '../../db/schema.ts';

/*
 * What a paid order's tax invoice prints (issue 43: the invoices module reads no order table). Moved from
 * invoices/invoices.repository.ts as it was, the same two queries: the invoice row with its order, then
 * the order's lines with their sites; invoices and products are read in this module already
 * (order-detail, refunds).
 */

/** The invoice of an order with the order (its taxes and billing) and its lines; undefined without one. */
export async function findInvoicedOrder(db: Db, orderId: number) {
  const [found] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId))
    .limit(1);
  if (!found) return undefined;
  const lines = await db
    .select({
      productName: products.name,
      productCode: products.productCode,
      city: products.city,
      campaignName: orderItems.campaignName,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      days: orderItems.days,
      pricePaise: orderItems.pricePaise,
      priceLines: orderItems.priceLines,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...found, lines };
}
