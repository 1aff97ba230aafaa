import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignProducts, campaigns, products } from '../../db/schema.ts';

export interface ProductFacts {
  id: number;
  name: string;
  /** booking_duration normalised to whole days. */
  minDays: number;
  /** Only live sites can be added or dated (docs/product-rules.md section 8). */
  live: boolean;
}

/** What the rules need of each site: its name (for messages) and minimum days. Unknown ids are absent. */
export async function findProductFacts(db: Db, ids: number[]): Promise<ProductFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      minDays: products.minDays,
      live: sql<boolean>`${products.status} = 'live'`,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

export interface CampaignHead {
  id: number;
  type: 'standard' | 'customized';
  name: string;
  userId: number | null;
}

/**
 * The campaign row, locked until the transaction ends when `forUpdate` is set, so two saves of one
 * campaign run one after the other instead of interleaving their delete and insert.
 */
export async function findCampaignHead(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<CampaignHead | undefined> {
  const query = db
    .select({ id: campaigns.id, type: campaigns.type, name: campaigns.name, userId: campaigns.userId })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function findCampaignProductIds(db: Db, campaignId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: campaignProducts.productId })
    .from(campaignProducts)
    .where(eq(campaignProducts.campaignId, campaignId));
  return rows.map((r) => r.productId);
}

export interface EntryValues {
  productId: number;
  fromDate: string | null;
  toDate: string | null;
}

export async function insertCustomizedCampaign(
  tx: Db,
  values: { userId: number; name: string; saved: boolean; now: Date },
  entries: EntryValues[],
): Promise<number> {
  const [row] = await tx
    .insert(campaigns)
    .values({
      type: 'customized',
      name: values.name,
      userId: values.userId,
      saved: values.saved,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: campaigns.id });
  await tx.insert(campaignProducts).values(entries.map((e) => ({ campaignId: row.id, ...e })));
  return row.id;
}

/** Marks the campaign saved with these sites and dates (the sites are the campaign's own). */
export async function saveCustomizedCampaign(
  tx: Db,
  campaignId: number,
  values: { name?: string; now: Date },
  entries: EntryValues[],
): Promise<void> {
  await tx
    .update(campaigns)
    .set({ saved: true, updatedAt: values.now, ...(values.name !== undefined ? { name: values.name } : {}) })
    .where(eq(campaigns.id, campaignId));
  if (entries.length === 0) return;
  // One statement for every site, however many (up to 200).
  const rows = sql.join(
    entries.map((e) => sql`(${e.productId}::int, ${e.fromDate}::date, ${e.toDate}::date)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${campaignProducts} as cp set from_date = v.from_date, to_date = v.to_date
    from (values ${rows}) as v(product_id, from_date, to_date)
    where cp.campaign_id = ${campaignId} and cp.product_id = v.product_id`);
}

/** Ids of the user's saved campaigns, most recently saved first (the newest 500: the list is not paged). */
export async function findSavedCampaignIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), eq(campaigns.type, 'customized'), eq(campaigns.saved, true)))
    .orderBy(desc(campaigns.updatedAt), desc(campaigns.id))
    .limit(500);
  return rows.map((r) => r.id);
}

/** Whether `id` is one of the user's saved customized campaigns. */
export async function isSavedCampaignOf(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, id),
        eq(campaigns.userId, userId),
        eq(campaigns.type, 'customized'),
        eq(campaigns.saved, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
