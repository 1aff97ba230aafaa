import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commissionInvoices } from '../../db/schema.ts';

export type CommissionInvoiceRow = typeof commissionInvoices.$inferSelect;

/**
 * Serialises the issue of one month's commission invoices (a transaction-level advisory lock): two issuers
 * at once never both take a number for the same owner and month, so the COM series has no gap.
 */
export async function lockCommissionMonth(tx: Db, month: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`commission-invoices:${month}`}))`);
}

export async function findOwnersInvoicedFor(tx: Db, month: string, ownerIds: number[]): Promise<Set<number>> {
  if (ownerIds.length === 0) return new Set();
  const rows = await tx
    .select({ ownerId: commissionInvoices.mediaOwnerId })
    .from(commissionInvoices)
    .where(and(eq(commissionInvoices.month, month), inArray(commissionInvoices.mediaOwnerId, ownerIds)));
  return new Set(rows.map((r) => r.ownerId));
}

export async function insertCommissionInvoice(
  tx: Db,
  row: typeof commissionInvoices.$inferInsert,
): Promise<void> {
  await tx.insert(commissionInvoices).values(row);
}

/** An owner's commission invoices, of one month or all, oldest first. */
export async function findCommissionInvoices(
  db: Db,
  ownerId: number,
  month?: string,
): Promise<CommissionInvoiceRow[]> {
  return db
    .select()
    .from(commissionInvoices)
    .where(
      and(
        eq(commissionInvoices.mediaOwnerId, ownerId),
        ...(month === undefined ? [] : [eq(commissionInvoices.month, month)]),
      ),
    )
    .orderBy(asc(commissionInvoices.id));
}

/** One of an owner's commission invoices (another owner's id finds nothing). */
export async function findCommissionInvoice(
  db: Db,
  ownerId: number,
  id: number,
): Promise<CommissionInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(commissionInvoices)
    .where(and(eq(commissionInvoices.id, id), eq(commissionInvoices.mediaOwnerId, ownerId)));
  return row;
}
