import { and, asc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, mediaOwners, products, sitePhotos } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

/**
 * The only writer of products (sites) and site_photos (docs/product-rules.md section 2): the owner's console, the
 * operator's review and the CSV import go through the sites service, which calls these.
 */

export type ProductRow = typeof products.$inferSelect;
export type NewSiteRow = typeof products.$inferInsert;
export type SiteRow = ProductRow & {
  categorySlug: string;
  categoryName: string;
  mediaOwnerName: string | null;
};
export type SitePhotoRow = typeof sitePhotos.$inferSelect;
export type SiteStatusValue = ProductRow['status'];

/** The category's id by slug; a category the catalogue does not have yet is added with its name. */
export async function ensureCategory(tx: Db, slug: string, name: string): Promise<number> {
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (found) return found.id;
  await tx.insert(categories).values({ slug, name }).onConflictDoNothing();
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row.id;
}

export async function insertSite(tx: Db, values: NewSiteRow): Promise<number> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row.id;
}

export async function updateSite(tx: Db, id: number, values: Partial<NewSiteRow>): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
}

/** Whether another site already uses this code (the unique index is the judge; this gives the message). */
export async function siteCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.productCode, code), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

const selection = {
  ...getTableColumns(products),
  categorySlug: categories.slug,
  categoryName: categories.name,
  mediaOwnerName: mediaOwners.companyName,
};

function baseQuery(db: Db) {
  return db
    .select(selection)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId));
}

/** One site; with `ownerId` only that owner's (someone else's answers undefined, so 404). */
export async function findSite(db: Db, id: number, ownerId?: number): Promise<SiteRow | undefined> {
  const [row] = await baseQuery(db)
    .where(and(eq(products.id, id), ownerId === undefined ? undefined : eq(products.mediaOwnerId, ownerId)))
    .limit(1);
  return row;
}

/** Locks the site row until the transaction ends: a review and an edit of one site run one after the other. */
export async function lockSite(tx: Db, id: number, ownerId?: number): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), ownerId === undefined ? undefined : eq(products.mediaOwnerId, ownerId)))
    .for('update');
  return row;
}

export interface SiteListFilter {
  ownerId?: number;
  status?: SiteStatusValue;
  /** The operator's queue: new sites submitted, and live or paused ones with something waiting. */
  reviewQueue?: boolean;
  search?: string;
  /** Only these sites (an export of the grid's selection). */
  ids?: number[];
}

const hasPendingPhotos = sql`exists (select 1 from ${sitePhotos} where ${sitePhotos.productId} = ${products.id} and ${sitePhotos.status} = 'pending')`;

/** The review queue's condition, also used for one site's in_review. */
export const inReviewCondition = or(
  eq(products.status, 'pending'),
  and(
    inArray(products.status, ['live', 'paused']),
    or(sql`${products.pendingChanges} is not null`, hasPendingPhotos),
  ),
) as SQL;

function whereOf(f: SiteListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.ownerId !== undefined) conditions.push(eq(products.mediaOwnerId, f.ownerId));
  if (f.ids) conditions.push(inArray(products.id, f.ids));
  if (f.reviewQueue) conditions.push(inReviewCondition);
  else if (f.status) conditions.push(eq(products.status, f.status));
  if (f.search) {
    const pattern = containsPattern(f.search);
    conditions.push(
      or(
        sql`${products.name} ilike ${pattern} escape '\\'`,
        sql`${products.productCode} ilike ${pattern} escape '\\'`,
        sql`${products.city} ilike ${pattern} escape '\\'`,
        sql`${products.address} ilike ${pattern} escape '\\'`,
      ) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function countSites(db: Db, filter: SiteListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(whereOf(filter));
  return Number(row?.n ?? 0);
}

/** A page in id order (the oldest first: a queue is worked from its front). */
export async function listSites(
  db: Db,
  filter: SiteListFilter,
  limit: number,
  offset: number,
): Promise<SiteRow[]> {
  return baseQuery(db).where(whereOf(filter)).orderBy(asc(products.id)).limit(limit).offset(offset);
}

/** The photos of these sites that are not removed, cover (lowest position) first. */
export async function findPhotos(db: Db, productIds: number[]): Promise<SitePhotoRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(sitePhotos)
    .where(and(inArray(sitePhotos.productId, productIds), ne(sitePhotos.status, 'removed')))
    .orderBy(asc(sitePhotos.productId), asc(sitePhotos.position), asc(sitePhotos.id));
}

export async function findPhoto(
  db: Db,
  productId: number,
  photoId: number,
): Promise<SitePhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(sitePhotos)
    .where(
      and(eq(sitePhotos.id, photoId), eq(sitePhotos.productId, productId), ne(sitePhotos.status, 'removed')),
    );
  return row;
}

export async function insertPhoto(tx: Db, values: typeof sitePhotos.$inferInsert): Promise<SitePhotoRow> {
  const [row] = await tx.insert(sitePhotos).values(values).returning();
  return row;
}

export async function setPhotoStatus(tx: Db, ids: number[], status: SitePhotoRow['status']): Promise<void> {
  if (ids.length) await tx.update(sitePhotos).set({ status }).where(inArray(sitePhotos.id, ids));
}

export async function setPhotoPosition(tx: Db, id: number, position: number): Promise<void> {
  await tx.update(sitePhotos).set({ position }).where(eq(sitePhotos.id, id));
}

/** The owner's sites whose code is one of `codes`, compared without case (file names are often lowered). */
export async function findOwnSitesByCodes(db: Db, ownerId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: products.id, code: products.productCode, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.mediaOwnerId, ownerId),
        inArray(
          sql<string>`upper(${products.productCode})`,
          codes.map((c) => c.toUpperCase()),
        ),
      ),
    );
}

/** Photos (not removed) per site, for the sites given. */
export async function countPhotos(db: Db, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: sitePhotos.productId, n: sql<number>`count(*)::int` })
    .from(sitePhotos)
    .where(and(inArray(sitePhotos.productId, productIds), ne(sitePhotos.status, 'removed')))
    .groupBy(sitePhotos.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.n)]));
}
