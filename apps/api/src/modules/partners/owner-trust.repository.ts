import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaOwners } from '../../db/schema.ts';
import type { MediaOwnerRow } from './partners.repository.ts';

/** Owners sharing a GSTIN, PAN or bank account with any of `rows` (decision 046), one query for a page. */
export async function ownersSharingIds(db: Db, rows: MediaOwnerRow[]): Promise<MediaOwnerRow[]> {
  if (rows.length === 0) return [];
  return db
    .select()
    .from(mediaOwners)
    .where(
      or(
        inArray(
          mediaOwners.gstin,
          rows.map((r) => r.gstin),
        ),
        inArray(
          mediaOwners.pan,
          rows.map((r) => r.pan),
        ),
        inArray(
          mediaOwners.accountNumber,
          rows.map((r) => r.accountNumber),
        ),
      ),
    );
}

export async function setSuspension(
  tx: Db,
  id: number,
  status: 'approved' | 'suspended',
  reason: string | null,
  now: Date,
): Promise<MediaOwnerRow> {
  const [row] = await tx
    .update(mediaOwners)
    .set({ status, suspensionReason: reason, updatedAt: now })
    .where(eq(mediaOwners.id, id))
    .returning();
  return row;
}

export async function updateOwnerDetails(
  tx: Db,
  id: number,
  values: Partial<typeof mediaOwners.$inferInsert>,
): Promise<MediaOwnerRow> {
  const [row] = await tx.update(mediaOwners).set(values).where(eq(mediaOwners.id, id)).returning();
  return row;
}
