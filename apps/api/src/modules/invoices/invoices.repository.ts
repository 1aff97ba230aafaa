import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orderItems, orders, products } from '../../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice of an order with what its PDF shows: the order's taxes and billing, its lines and sites. */
export async function findInvoiceOfOrder(db: Db, orderId: number) {
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

/** Sites' codes and cities for a quotation's lines. */
export async function findSitesForQuote(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: products.id, productCode: products.productCode, city: products.city })
    .from(products)
    .where(inArray(products.id, ids));
}

export async function findInvoiceNumber(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .limit(1);
  return row?.number ?? null;
}
