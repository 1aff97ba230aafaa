import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentCounters } from '../../db/schema.ts';

/**
 * The Indian financial year (April to March) of a moment, in IST: "2026-27". India has no daylight
 * saving, so adding 5 h 30 min and reading the UTC fields gives the IST calendar date.
 */
export function financialYearOf(now: Date): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The next number of a gapless series per financial year (DESIGN.md section 10): `CN/2026-27/000001`
 * (16 characters). In the caller's transaction: the counter row is upserted and incremented in one
 * statement, which locks it until the transaction ends, so two transactions never get the same number
 * and a rolled-back one leaves no gap. (A minimal version for credit notes; the invoices work owns the
 * series and the lead reconciles the two.)
 */
export async function allocateDocumentNumber(
  tx: Db,
  series: 'INV' | 'CN',
  now: Date,
): Promise<{ number: string; financialYear: string }> {
  const financialYear = financialYearOf(now);
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return { number: `${series}/${financialYear}/${String(row.lastNumber).padStart(6, '0')}`, financialYear };
}
