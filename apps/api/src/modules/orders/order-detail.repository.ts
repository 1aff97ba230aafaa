import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  creatives,
  invoices,
  orderItems,
  orderLineEvents,
  orders,
  products,
  proofs,
} from '../../db/schema.ts';

/**
 * What GET /api/orders/{id} reads (docs/product-rules.md sections 9-10): the order, its lines with their sites, the
 * lines' timelines, creatives and proofs and the invoice (the money: order-ledger.service.ts). The orders module
 * owns these tables' reads for the buyer; each query is one round trip over all lines.
 */

export async function findOrder(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function findOrderLines(db: Db, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      campaignName: orderItems.campaignName,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      days: orderItems.days,
      pricePaise: orderItems.pricePaise,
      priceLines: orderItems.priceLines,
      status: orderItems.status,
      productName: products.name,
      productCode: products.productCode,
      siteStatus: products.status,
      city: products.city,
      address: products.address,
      images: products.images,
      latitude: products.latitude,
      longitude: products.longitude,
      widthFt: products.widthFt,
      heightFt: products.heightFt,
      // What the order's plan figures read: the audience as booked (decision 091), the format and city.
      audienceRecorded: orderItems.audienceRecorded,
      audienceDailyImpressions: orderItems.audienceDailyImpressions,
      audienceSource: orderItems.audienceSource,
      audienceMeasuredOn: orderItems.audienceMeasuredOn,
      audienceMethod: orderItems.audienceMethod,
      audienceVerified: orderItems.audienceVerified,
      category: categories.name,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function findLineEvents(db: Db, lineIds: number[]) {
  if (!lineIds.length) return [];
  return db
    .select({
      lineId: orderLineEvents.orderItemId,
      status: orderLineEvents.toStatus,
      note: orderLineEvents.note,
      at: orderLineEvents.createdAt,
    })
    .from(orderLineEvents)
    .where(inArray(orderLineEvents.orderItemId, lineIds))
    .orderBy(asc(orderLineEvents.orderItemId), asc(orderLineEvents.id));
}

export type CreativeRow = typeof creatives.$inferSelect;

/** The newest creative of each line (the line's creative). */
export async function findNewestCreatives(db: Db, lineIds: number[]): Promise<CreativeRow[]> {
  if (!lineIds.length) return [];
  return db
    .selectDistinctOn([creatives.orderItemId])
    .from(creatives)
    .where(inArray(creatives.orderItemId, lineIds))
    .orderBy(creatives.orderItemId, desc(creatives.id));
}

export async function findLineProofs(db: Db, lineIds: number[]) {
  if (!lineIds.length) return [];
  return db
    .select()
    .from(proofs)
    .where(inArray(proofs.orderItemId, lineIds))
    .orderBy(asc(proofs.orderItemId), asc(proofs.id));
}

export async function findInvoice(db: Db, orderId: number) {
  const [row] = await db
    .select({ number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row ?? null;
}
