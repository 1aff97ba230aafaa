import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/**
 * An owner's suspension hides all its listed sites at once and its reinstatement brings each back to the
 * status it had (decision 046). Drafts, rejected and taken-down sites stay as they are.
 */
export async function holdOwnerSiteRows(tx: Db, ownerId: number, reason: string, now: Date): Promise<number> {
  const rows = await tx
    .update(products)
    .set({
      statusBeforeHold: sql`${products.status}`,
      status: 'suspended',
      holdReason: reason,
      updatedAt: now,
    })
    .where(and(eq(products.mediaOwnerId, ownerId), inArray(products.status, ['live', 'paused', 'pending'])))
    .returning({ id: products.id });
  return rows.length;
}

export async function releaseOwnerSiteRows(tx: Db, ownerId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(products)
    .set({
      status: sql`coalesce(${products.statusBeforeHold}, 'paused')`,
      statusBeforeHold: null,
      holdReason: null,
      updatedAt: now,
    })
    .where(and(eq(products.mediaOwnerId, ownerId), eq(products.status, 'suspended')))
    .returning({ id: products.id });
  return rows.length;
}
