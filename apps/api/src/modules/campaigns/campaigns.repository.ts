import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignProducts, campaigns, categories, products } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignTypeValue = CampaignRow['type'];

/** Narrows which campaigns a lookup may see: a type, and for customized ones the owner. */
export interface CampaignScope {
  type?: CampaignTypeValue;
  userId?: number;
}

function scopeOf(scope: CampaignScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.type) conditions.push(eq(campaigns.type, scope.type));
  if (scope.userId !== undefined) conditions.push(eq(campaigns.userId, scope.userId));
  return conditions;
}

/** One page of campaigns in id order, and the total count. `search` matches name or description. */
export async function findCampaignPage(
  db: Db,
  scope: CampaignScope,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: CampaignRow[]; count: number }> {
  const conditions = scopeOf(scope);
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        sql`${campaigns.name} ilike ${pattern} escape '\\'`,
        sql`${campaigns.description} ilike ${pattern} escape '\\'`,
      ) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [countRow] = await db.select({ count: sql<number>`count(*)::int` }).from(campaigns).where(where);
  const count = Number(countRow?.count ?? 0);
  if (count === 0 || offset >= count) return { rows: [], count };
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(asc(campaigns.id))
    .limit(limit)
    .offset(offset);
  return { rows, count };
}

export async function findCampaignsByIds(
  db: Db,
  ids: number[],
  scope: CampaignScope = {},
): Promise<CampaignRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(campaigns)
    .where(and(inArray(campaigns.id, ids), ...scopeOf(scope)));
}

export interface CampaignEntryRow {
  campaignId: number;
  fromDate: string | null;
  toDate: string | null;
  productId: number;
  productCode: string;
  name: string;
  pricePaise: number;
  bookingDuration: number | string;
  images: string[];
  impression: number | null;
  audienceSource: (typeof products.$inferSelect)['audienceSource'];
  audienceMeasuredOn: string | null;
  audienceMethod: string;
  audienceVerifiedAt: Date | null;
  /** The category's name, the format the audience model reads (docs/audience-model.md). */
  categoryName: string;
  city: string;
  imageSize: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The live products of several campaigns in one query, by campaign then product id: a site its owner paused
 * (or one not approved) drops out of every campaign buyers see until it is live again.
 */
export async function findCampaignEntries(db: Db, campaignIds: number[]): Promise<CampaignEntryRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: campaignProducts.campaignId,
      fromDate: campaignProducts.fromDate,
      toDate: campaignProducts.toDate,
      productId: products.id,
      productCode: products.productCode,
      name: products.name,
      pricePaise: products.pricePaise,
      bookingDuration: products.bookingDuration,
      images: products.images,
      impression: products.impression,
      audienceSource: products.audienceSource,
      audienceMeasuredOn: products.audienceMeasuredOn,
      audienceMethod: products.audienceMethod,
      audienceVerifiedAt: products.audienceVerifiedAt,
      categoryName: categories.name,
      city: products.city,
      imageSize: products.imageSize,
      latitude: products.latitude,
      longitude: products.longitude,
    })
    .from(campaignProducts)
    .innerJoin(products, eq(campaignProducts.productId, products.id))
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(inArray(campaignProducts.campaignId, campaignIds), eq(products.status, 'live')))
    .orderBy(asc(campaignProducts.campaignId), asc(products.id));
}

export async function findCampaignType(db: Db, id: number): Promise<CampaignTypeValue | undefined> {
  const rows = await db.select({ type: campaigns.type }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return rows[0]?.type;
}
