import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, products } from '../../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

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
