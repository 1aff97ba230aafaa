import { documentNumber, financialYear } from '@ooh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentCounters, invoices } from '../../db/schema.ts';

export type DocumentSeries = 'INV' | 'CN' | 'COM';

export interface AllocatedNumber {
  /** e.g. `INV/26-27/000001` (at most 16 characters). */
  number: string;
  /** e.g. `2026-27` */
  financialYear: string;
  sequence: number;
}

/**
 * The next number of a gapless series (docs/product-rules.md section 10), inside the caller's transaction: the
 * counter row of (series, financial year) is created or incremented by one upsert, which holds its row
 * lock until the transaction ends. Concurrent issuers queue on that lock; a rollback returns the number.
 * Call it only inside a transaction that also writes the document.
 */
export async function allocateDocumentNumber(
  tx: Db,
  series: DocumentSeries,
  now: Date,
): Promise<AllocatedNumber> {
  const fy = financialYear(now);
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, financialYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return { number: documentNumber(series, fy, row.lastNumber), financialYear: fy, sequence: row.lastNumber };
}

/**
 * Issues the tax invoice of an order that just became paid, in the payment's transaction (called by
 * afterOrderPaid). An order has at most one invoice: a second call for the same order does nothing.
 */
export async function issueInvoice(tx: Db, orderId: number, now: Date): Promise<void> {
  const existing = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(sql`${invoices.orderId} = ${orderId}`);
  if (existing.length > 0) return;
  const allocated = await allocateDocumentNumber(tx, 'INV', now);
  await tx.insert(invoices).values({
    orderId,
    number: allocated.number,
    financialYear: allocated.financialYear,
    issuedAt: now,
  });
}
