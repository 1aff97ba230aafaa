import type { AudienceSource } from '@ooh/shared';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignProducts, campaigns, categories, planShares, products } from '../../db/schema.ts';

/**
 * Read-only views of campaigns and sites for media plans, and the plan_shares table this module owns.
 * Campaigns are written only by their own module; an order and its lines are read through the orders
 * module (orders/line-reads.service.ts, issue 43).
 */

const siteColumns = {
  id: products.id,
  code: products.productCode,
  name: products.name,
  address: products.address,
  city: products.city,
  state: products.state,
  latitude: products.latitude,
  longitude: products.longitude,
  category: categories.name,
  widthFt: products.widthFt,
  heightFt: products.heightFt,
  lighting: products.lighting,
  impression: products.impression,
  audienceSource: products.audienceSource,
  audienceMeasuredOn: products.audienceMeasuredOn,
  audienceMethod: products.audienceMethod,
  audienceVerifiedAt: products.audienceVerifiedAt,
  pricePaise: products.pricePaise,
  bookingDuration: products.bookingDuration,
  images: products.images,
};

export interface PlanSiteRow {
  id: number;
  code: string;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  category: string;
  widthFt: number | null;
  heightFt: number | null;
  lighting: string | null;
  impression: number | null;
  audienceSource: AudienceSource;
  audienceMeasuredOn: string | null;
  audienceMethod: string;
  audienceVerifiedAt: Date | null;
  /** An order line's verified mark as booked (decision 091); the site's mark otherwise. */
  audienceVerified?: boolean;
  pricePaise: number;
  bookingDuration: number | string;
  images: string[];
  fromDate: string | null;
  toDate: string | null;
}

export async function findCampaign(db: Db, id: number) {
  const rows = await db
    .select({ id: campaigns.id, type: campaigns.type, userId: campaigns.userId, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .limit(1);
  return rows[0];
}

/** The campaign's live sites in id order (a paused or unapproved site is left out, as in the catalogue). */
export async function findCampaignSites(db: Db, campaignId: number): Promise<PlanSiteRow[]> {
  return db
    .select({ ...siteColumns, fromDate: campaignProducts.fromDate, toDate: campaignProducts.toDate })
    .from(campaignProducts)
    .innerJoin(products, eq(campaignProducts.productId, products.id))
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(campaignProducts.campaignId, campaignId), eq(products.status, 'live')))
    .orderBy(asc(products.id));
}

/** An order's line as a plan shows it: read by the orders module (orders/line-reads.service.ts, issue 43). */
export interface OrderPlanLineRow extends PlanSiteRow {
  campaignName: string;
  days: number;
  linePricePaise: number;
  status: string;
}

export type PlanShareRow = typeof planShares.$inferSelect;

export async function insertPlanShare(db: Db, row: typeof planShares.$inferInsert): Promise<PlanShareRow> {
  const [inserted] = await db.insert(planShares).values(row).returning();
  return inserted;
}

export async function findPlanShareByHash(db: Db, tokenHash: string): Promise<PlanShareRow | undefined> {
  const rows = await db.select().from(planShares).where(eq(planShares.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** Revokes the creator's share; true when a row of theirs matched (already revoked counts). */
export async function revokePlanShare(db: Db, tokenHash: string, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(planShares)
    .set({ revokedAt: at })
    .where(
      and(
        eq(planShares.tokenHash, tokenHash),
        eq(planShares.createdByUserId, userId),
        isNull(planShares.revokedAt),
      ),
    )
    .returning({ id: planShares.id });
  if (rows.length) return true;
  const mine = await db
    .select({ id: planShares.id })
    .from(planShares)
    .where(and(eq(planShares.tokenHash, tokenHash), eq(planShares.createdByUserId, userId)))
    .limit(1);
  return mine.length > 0;
}

export async function listPlanShares(db: Db, userId: number, limit: number): Promise<PlanShareRow[]> {
  return db
    .select()
    .from(planShares)
    .where(eq(planShares.createdByUserId, userId))
    .orderBy(desc(planShares.id))
    .limit(limit);
}
