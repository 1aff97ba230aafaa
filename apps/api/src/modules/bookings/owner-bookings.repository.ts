import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, products } from '../../db/schema.ts';

/**
 * What a media owner sees of the bookings on its sites (docs/product-rules.md sections 8 and 13): its sites
 * and the live options on them. Every query is scoped by products.media_owner_id. The calendar's booking
 * rows with their buyers and the paid lines are the orders module's reads (orders/booking-reads.service.ts;
 * issue 43).
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function countOwnerSites(db: Db, mediaOwnerId: number, siteId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.mediaOwnerId, mediaOwnerId), siteId ? eq(products.id, siteId) : undefined));
  return Number(row?.n ?? 0);
}

export async function listOwnerSites(
  db: Db,
  mediaOwnerId: number,
  options: { siteId?: number; limit: number; offset: number },
) {
  return db
    .select({
      id: products.id,
      productCode: products.productCode,
      name: products.name,
      status: products.status,
    })
    .from(products)
    .where(
      and(
        eq(products.mediaOwnerId, mediaOwnerId),
        options.siteId ? eq(products.id, options.siteId) : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The owner's bookings list's filters that options follow: the site, and days [from, toInclusive]. */
export interface OwnerOptionFilters {
  mediaOwnerId: number;
  siteId?: number;
  from?: string;
  to?: string;
}

/** Live options (buyers' holds, decision 082) on the owner's sites, by the list's site and date filters. */
export async function listOwnerOptions(db: Db, f: OwnerOptionFilters, now: Date, limit: number) {
  return db
    .select({
      id: bookings.id,
      siteId: bookings.productId,
      siteCode: products.productCode,
      siteName: products.name,
      fromDate: sql<string>`lower(${bookings.period})::text`,
      toDate: sql<string>`upper(${bookings.period})::text`,
      expiresAt: bookings.holdExpiresAt,
      requestedAt: bookings.requestedAt,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(
      and(
        eq(products.mediaOwnerId, f.mediaOwnerId),
        eq(bookings.status, 'option'),
        sql`${bookings.holdExpiresAt} > ${ts(now)}`,
        f.siteId ? eq(bookings.productId, f.siteId) : undefined,
        f.from ? sql`upper(${bookings.period}) > ${f.from}::date` : undefined,
        f.to ? sql`lower(${bookings.period}) <= ${f.to}::date` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${bookings.period})`), asc(bookings.id))
    .limit(limit);
}
