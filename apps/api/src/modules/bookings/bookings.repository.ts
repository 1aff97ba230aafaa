import { inArray, sql } from 'drizzle-orm';
import { lockSiteOccupancy } from '../../db/booking-occupancy.ts';
import type { Db } from '../../db/client.ts';
import { campaigns, products } from '../../db/schema.ts';

/*
 * The catalogue facts and campaigns a booking reads, and the locks that serialise placements. What is
 * already booked, the buyer's unpaid orders and a client's spend are the orders module's reads
 * (orders/booking-reads.service.ts; issue 43).
 */

/** The catalogue facts a booking needs; read here rather than through the products module's internals. */
export async function findProductsForBooking(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      weeklyPricePaise: products.weeklyPricePaise,
      fourWeeklyPricePaise: products.fourWeeklyPricePaise,
      mediaOwnerId: products.mediaOwnerId,
      minDays: products.minDays,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

export async function findCampaignsForBooking(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: campaigns.id, name: campaigns.name, type: campaigns.type, userId: campaigns.userId })
    .from(campaigns)
    .where(inArray(campaigns.id, ids));
}

/** Advisory-lock namespace (first key) of one buyer's order placements. */
const LOCK_BUYER_ORDERS = 91_010;

/**
 * Serialises one buyer's placements until the transaction ends (across API processes), so two at once
 * cannot both count 2 unpaid orders and both place a third. Taken before any order row is locked.
 */
export async function lockBuyerOrders(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUYER_ORDERS}, ${userId})`);
}

/**
 * Placements on these sites one at a time, until the transaction ends: taken after the order row locks,
 * just before the holds are written, so a placement never waits on another one's uncommitted holds (the
 * deadlock convoy of db/booking-occupancy.ts). Payments take the same lock before confirming.
 */
export function lockSites(tx: Db, productIds: number[]): Promise<void> {
  return lockSiteOccupancy(tx, productIds);
}
