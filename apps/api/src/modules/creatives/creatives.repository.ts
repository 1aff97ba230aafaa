import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creatives, mediaOwners, orderItems, orders, products, users } from '../../db/schema.ts';

/**
 * The creatives table (owned by this module) and what it needs to know about a line: its order's buyer,
 * its site's media owner and size. Lines are read here; their status changes only through moveLine.
 */

export type CreativeRow = typeof creatives.$inferSelect;

const lineColumns = {
  lineId: orderItems.id,
  orderId: orderItems.orderId,
  status: orderItems.status,
  fromDate: orderItems.fromDate,
  toDate: orderItems.toDate,
  campaignName: orderItems.campaignName,
  orderStatus: orders.status,
  buyerUserId: orders.userId,
  buyerPhone: users.phoneNumber,
  productId: products.id,
  productName: products.name,
  city: products.city,
  widthFt: products.widthFt,
  heightFt: products.heightFt,
  mediaOwnerId: products.mediaOwnerId,
  ownerPhone: mediaOwners.contactPhone,
};

function lineQuery(db: Db, where: SQL | undefined) {
  return db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(where);
}

export type CreativeLine = Awaited<ReturnType<typeof findBuyerLine>> & object;

/** The buyer's own line of the buyer's own order, or null (another user's: null, so 404). */
export async function findBuyerLine(db: Db, userId: number, orderId: number, lineId: number) {
  const [row] = await lineQuery(
    db,
    and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId), eq(orders.userId, userId)),
  );
  return row ?? null;
}

/** A line on one of the owner's sites, or null; `lock` holds the line's row until the transaction ends. */
export async function findOwnerLine(db: Db, ownerId: number, lineId: number, lock = false) {
  const query = lineQuery(db, and(eq(orderItems.id, lineId), eq(products.mediaOwnerId, ownerId)));
  const [row] = lock ? await query.for('update', { of: orderItems }) : await query;
  return row ?? null;
}

export async function newestCreative(db: Db, lineId: number): Promise<CreativeRow | null> {
  const [row] = await db
    .select()
    .from(creatives)
    .where(eq(creatives.orderItemId, lineId))
    .orderBy(desc(creatives.id))
    .limit(1);
  return row ?? null;
}

export async function insertCreative(db: Db, values: typeof creatives.$inferInsert): Promise<CreativeRow> {
  const [row] = await db.insert(creatives).values(values).returning();
  return row;
}

export async function reviewCreative(
  db: Db,
  id: number,
  review: { status: 'approved' | 'rejected'; reason: string | null; userId: number; at: Date },
): Promise<CreativeRow> {
  const [row] = await db
    .update(creatives)
    .set({
      status: review.status,
      rejectionReason: review.reason,
      reviewedByUserId: review.userId,
      reviewedAt: review.at,
    })
    .where(eq(creatives.id, id))
    .returning();
  return row;
}

/** A creative with who may see it: the order's buyer and the site's media owner. */
export async function findCreativeAccess(db: Db, creativeId: number) {
  const [row] = await db
    .select({
      storageKey: creatives.storageKey,
      contentType: creatives.contentType,
      fileName: creatives.fileName,
      sizeBytes: creatives.sizeBytes,
      buyerUserId: orders.userId,
      mediaOwnerId: products.mediaOwnerId,
    })
    .from(creatives)
    .innerJoin(orderItems, eq(orderItems.id, creatives.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(creatives.id, creativeId));
  return row ?? null;
}

/**
 * Lines of paid orders on the owner's sites whose newest creative has the status (or any), soonest start
 * first: what the review page lists (waiting for review: not on cancelled or completed lines).
 */
export async function listOwnerCreativeLines(
  db: Db,
  ownerId: number,
  status: 'submitted' | 'approved' | 'rejected' | 'all',
) {
  const newest = db
    .selectDistinctOn([creatives.orderItemId], { id: creatives.id })
    .from(creatives)
    .innerJoin(orderItems, eq(orderItems.id, creatives.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(products.mediaOwnerId, ownerId))
    .orderBy(creatives.orderItemId, desc(creatives.id));
  const ids = (await newest).map((r) => r.id);
  if (!ids.length) return [];
  return db
    .select({ line: lineColumns, creative: creatives })
    .from(creatives)
    .innerJoin(orderItems, eq(orderItems.id, creatives.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(
      and(
        inArray(creatives.id, ids),
        status === 'all' ? undefined : eq(creatives.status, status),
        sql`${orders.paidAt} is not null`,
        // Nothing is left to review on a cancelled or completed line.
        status === 'submitted' ? sql`${orderItems.status} not in ('cancelled', 'completed')` : undefined,
      ),
    )
    .orderBy(orderItems.fromDate, orderItems.id)
    .limit(500);
}

/** What the mounting crew's job sheet shows of a line on one of the owner's sites, or null (decision 046). */
export async function findJobSheetLine(db: Db, ownerId: number, lineId: number) {
  const [row] = await db
    .select({
      lineId: orderItems.id,
      orderId: orderItems.orderId,
      status: orderItems.status,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      campaignName: orderItems.campaignName,
      siteName: products.name,
      siteCode: products.productCode,
      address: products.address,
      city: products.city,
      state: products.state,
      pinCode: products.pinCode,
      latitude: products.latitude,
      longitude: products.longitude,
      widthFt: products.widthFt,
      heightFt: products.heightFt,
      lighting: products.lighting,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, lineId), eq(products.mediaOwnerId, ownerId)));
  return row ?? null;
}

/** The line's newest approved creative (what goes to the printer), or null. */
export async function approvedCreativeOf(db: Db, lineId: number): Promise<CreativeRow | null> {
  const [row] = await db
    .select()
    .from(creatives)
    .where(and(eq(creatives.orderItemId, lineId), eq(creatives.status, 'approved')))
    .orderBy(desc(creatives.id))
    .limit(1);
  return row ?? null;
}
