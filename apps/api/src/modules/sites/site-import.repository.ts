import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export type NewSiteRow = typeof products.$inferInsert;

/** Rows per INSERT: ~25 columns x 1,000 stays below PostgreSQL's 65,535 parameters a statement. */
export const CHUNK_ROWS = 1000;

/** Which of `codes` some site already has (any owner's: codes are unique across the marketplace). */
export async function findTakenCodes(db: Db, codes: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db
      .select({ code: products.productCode })
      .from(products)
      .where(inArray(products.productCode, codes.slice(i, i + 1000)));
    for (const r of rows) taken.add(r.code);
  }
  return taken;
}

/** Inserts the rows in chunks, in the caller's transaction: a failing chunk fails the whole import. */
export async function insertSites(tx: Db, rows: NewSiteRow[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS);
    const inserted = await tx.insert(products).values(chunk).returning({ id: products.id });
    written += inserted.length;
  }
  return written;
}
