import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/core-schema.ts';
import { pricingPackages, pricingRules } from '../../db/pricing-schema.ts';

export type PricingRuleRow = typeof pricingRules.$inferSelect;

/**
 * Tells every API process the catalogue changed (plugins/catalogue-cache.ts listens; the products tables
 * do it by trigger): the sites' package reads are cached and show rate-card prices made with the rules,
 * so a package or rule written or withdrawn moves the cache on. Inside a transaction it is sent on commit.
 */
async function noticeCatalogue(db: Db, table: 'pricing_packages' | 'pricing_rules'): Promise<void> {
  await db.execute(sql`select pg_notify('catalogue_changed', ${table})`);
}
export type NewPricingRuleRow = typeof pricingRules.$inferInsert;

/** Every rule of these owners, oldest first (a rule's id orders the labels of overlapping seasons). */
export async function findRulesOfOwners(db: Db, ownerIds: number[]): Promise<PricingRuleRow[]> {
  if (!ownerIds.length) return [];
  return db
    .select()
    .from(pricingRules)
    .where(inArray(pricingRules.mediaOwnerId, ownerIds))
    .orderBy(asc(pricingRules.id));
}

/** Advisory lock class for an owner's rule count (the key is the owner's id). */
const LOCK_OWNER_RULES = 91_081;

/**
 * Takes the owner's rule-count lock for the rest of the transaction: two creates of one owner queue here,
 * so the second counts the first's rule and the cap cannot be passed by racing (decision 083).
 */
export async function lockOwnerRules(tx: Db, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_OWNER_RULES}, ${ownerId})`);
}

export async function countRulesOfOwner(db: Db, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pricingRules)
    .where(eq(pricingRules.mediaOwnerId, ownerId));
  return row?.n ?? 0;
}

export async function insertRule(db: Db, row: NewPricingRuleRow): Promise<PricingRuleRow> {
  const [inserted] = await db.insert(pricingRules).values(row).returning();
  await noticeCatalogue(db, 'pricing_rules');
  return inserted;
}

/** Deletes the owner's rule; another owner's id deletes nothing (and answers false). */
export async function deleteRule(db: Db, ownerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(pricingRules)
    .where(and(eq(pricingRules.id, id), eq(pricingRules.mediaOwnerId, ownerId)))
    .returning({ id: pricingRules.id });
  if (deleted.length) await noticeCatalogue(db, 'pricing_rules');
  return deleted.length > 0;
}

/** The rate card of one live site (the price read is public, so only live sites answer). */
export async function findLiveRateCard(db: Db, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      pricePaise: products.pricePaise,
      weeklyPricePaise: products.weeklyPricePaise,
      fourWeeklyPricePaise: products.fourWeeklyPricePaise,
      minDays: products.minDays,
      mediaOwnerId: products.mediaOwnerId,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, 'live')));
  return row;
}

export type PricingPackageRow = typeof pricingPackages.$inferSelect;

/** Every package of these owners, oldest first. */
export async function findPackagesOfOwners(db: Db, ownerIds: number[]): Promise<PricingPackageRow[]> {
  if (!ownerIds.length) return [];
  return db
    .select()
    .from(pricingPackages)
    .where(inArray(pricingPackages.mediaOwnerId, ownerIds))
    .orderBy(asc(pricingPackages.id));
}

/**
 * The owner's packages holding this site that start on or after `fromOn` (oldest first). Only the site's
 * own owner's packages are read, so another owner's package can never be shown on it.
 */
export async function findPackagesOfSite(
  db: Db,
  ownerId: number,
  productId: number,
  fromOn: string,
): Promise<PricingPackageRow[]> {
  return db
    .select()
    .from(pricingPackages)
    .where(
      and(
        eq(pricingPackages.mediaOwnerId, ownerId),
        sql`${productId} = any(${pricingPackages.productIds})`,
        gte(pricingPackages.fromDate, fromOn),
      ),
    )
    .orderBy(asc(pricingPackages.id));
}

/** The sites of packages as a buyer reads them: name, code, owner, status and rate card. */
export async function findPackageSites(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      productCode: products.productCode,
      name: products.name,
      city: products.city,
      status: products.status,
      mediaOwnerId: products.mediaOwnerId,
      pricePaise: products.pricePaise,
      weeklyPricePaise: products.weeklyPricePaise,
      fourWeeklyPricePaise: products.fourWeeklyPricePaise,
      minDays: products.minDays,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/** Which of these ids are the owner's live sites. */
export async function findOwnLiveSiteIds(db: Db, ownerId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.mediaOwnerId, ownerId), eq(products.status, 'live')));
  return rows.map((r) => r.id);
}

/** Which of these ids are the owner's sites, whatever their status. */
export async function findOwnSiteIds(db: Db, ownerId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.mediaOwnerId, ownerId)));
  return rows.map((r) => r.id);
}

export async function insertPackage(
  db: Db,
  row: typeof pricingPackages.$inferInsert,
): Promise<PricingPackageRow> {
  const [inserted] = await db.insert(pricingPackages).values(row).returning();
  await noticeCatalogue(db, 'pricing_packages');
  return inserted;
}

/** Deletes the owner's package; another owner's id deletes nothing (and answers false). */
export async function deletePackage(db: Db, ownerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(pricingPackages)
    .where(and(eq(pricingPackages.id, id), eq(pricingPackages.mediaOwnerId, ownerId)))
    .returning({ id: pricingPackages.id });
  if (deleted.length) await noticeCatalogue(db, 'pricing_packages');
  return deleted.length > 0;
}
