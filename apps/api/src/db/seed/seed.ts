/**
 * Writes the demo catalogue: the six categories, generated sites with owner blocks, and the standard
 * campaigns. seedIfEmpty runs at start (SEED=demo) and does nothing once any product exists;
 * seedCatalogue appends any number of sites for benchmarks.
 */

import { todayIst } from '@ooh/shared';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../modules/storage/file-storage.ts';
import type { Db } from '../client.ts';
import { appMeta, bookings, campaignProducts, campaigns, categories, products } from '../schema.ts';
import { inTransaction } from '../transaction.ts';
import { planCampaigns, type SeededSite } from './campaigns.ts';
import { type CodeCounters, generateSite } from './catalogue.ts';
import { CITIES } from './cities.ts';
import { ensureDemoAgency } from './demo-agency.ts';
import { ensureDemoCreativeFiles, ensureDemoOrder } from './demo-orders.ts';
import { adoptOwnerlessSites, demoOwnerPhoneOf, ensureDemoOwners } from './demo-owners.ts';
import { KINDS } from './kinds.ts';

export const DEMO_SITES = 360;
/** Demo sites submitted by their owners and waiting for an operator (not in any campaign). */
export const DEMO_PENDING_SITES = 2;
export const DEMO_SEED = 20_261_122;
const CHUNK_SIZE = 1000;
/** pg_advisory_xact_lock key: two API processes starting together must not both seed. */
const SEED_LOCK_KEY = 7_305_001;

export interface SeedOptions {
  /** The day owner blocks are counted from; defaults to now. */
  now?: Date;
  /** Where the demo order's creatives are written (the app's store); without it only their rows. */
  storage?: FileStorage;
  /** COMMISSION_PERCENT: the demo order's payouts are held at the owner's share (default 15). */
  commissionPercent?: number;
  /** COMPANY_GSTIN: the GST on the demo payouts' commission follows it (default the demo company's). */
  marketplaceGstin?: string;
}

export interface CatalogueOptions extends SeedOptions {
  sites: number;
  seed?: number;
  /** Live (default), or pending review. */
  status?: 'live' | 'pending';
}

export interface CatalogueResult {
  products: number;
  bookings: number;
  sites: SeededSite[];
}

/** Loads the demo catalogue into an empty database; a database with any product is left alone. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if (count > 0) {
      await adoptDemoSites(tx, options);
      await addDemoOrder(tx, options);
      return;
    }
    await seedDemo(tx, { ...options, sites: DEMO_SITES });
  });
}

export interface DemoResult {
  products: number;
  bookings: number;
  campaigns: number;
  /** The demo buyer's paid orders written (1, or 0 when the owner had no free sites). */
  orders: number;
}

/** Categories, sites, owner blocks and standard campaigns, recorded in app_meta. Expects an empty catalogue. */
export async function seedDemo(db: Db, options: CatalogueOptions): Promise<DemoResult> {
  const seed = options.seed ?? DEMO_SEED;
  const result = await seedCatalogue(db, { ...options, seed });
  const planned = await insertStandardCampaigns(db, result.sites, seed);
  // A couple of sites waiting for review, so the operator's queue has something in it.
  const pending = await seedCatalogue(db, { ...options, seed, sites: DEMO_PENDING_SITES, status: 'pending' });
  // The demo buyer's paid order, its line started yesterday, so proof of posting can be tried at once.
  const order = await ensureDemoOrder(
    db,
    options.now ?? new Date(),
    options.storage,
    options.commissionPercent,
    options.marketplaceGstin,
  );
  // An agency planning for two clients, so the deal desk's agency side can be tried (decision 092).
  await ensureDemoAgency(db, options.now ?? new Date());
  const summary = {
    products: result.products + pending.products,
    bookings: result.bookings + pending.bookings,
    campaigns: planned,
    orders: order ? 1 : 0,
  };
  const record = JSON.stringify({ kind: 'demo', seed, ...summary, date: todayIst(options.now) });
  await db
    .insert(appMeta)
    .values({ key: 'seed', value: record })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: record } });
  return summary;
}

/**
 * Appends `sites` generated sites (and their owner blocks) in chunks of 1,000. Sites continue the
 * sequence after the products already present, so calling it again adds new sites with unused codes.
 */
export async function seedCatalogue(db: Db, options: CatalogueOptions): Promise<CatalogueResult> {
  const seed = options.seed ?? DEMO_SEED;
  const today = todayIst(options.now);
  const categoryIds = await ensureCategories(db);
  const owners = await ensureDemoOwners(db, options.now ?? new Date());
  const { startIndex, counters } = await existingCodes(db);
  const seededAt = options.now ?? new Date();

  const sites: SeededSite[] = [];
  let bookingCount = 0;
  for (let offset = 0; offset < options.sites; offset += CHUNK_SIZE) {
    const size = Math.min(CHUNK_SIZE, options.sites - offset);
    const generated = Array.from({ length: size }, (_, i) =>
      generateSite(seed, startIndex + offset + i, today, counters),
    );
    const inserted = await db
      .insert(products)
      .values(
        generated.map((g, i) => ({
          ...g.row,
          categoryId: categoryIds.get(g.kind.slug)!,
          mediaOwnerId: owners.get(demoOwnerPhoneOf(g.city.slug, startIndex + offset + i))!,
          status: options.status ?? 'live',
          updatedAt: new Date(seededAt.getTime() - g.changedDaysAgo * 86_400_000),
        })),
      )
      .returning({ id: products.id });
    const blockRows = generated.flatMap((g, i) =>
      g.blocks.map(([from, to]) => ({
        productId: inserted[i].id,
        period: `[${from},${to})`,
        status: 'blocked' as const,
      })),
    );
    if (blockRows.length) await db.insert(bookings).values(blockRows);
    bookingCount += blockRows.length;
    generated.forEach((g, i) => {
      sites.push({
        id: inserted[i].id,
        kind: g.kind.slug,
        style: g.style,
        citySlug: g.city.slug,
        image: g.row.images[0],
      });
    });
  }
  // Fresh statistics, so the planner sees the catalogue's real size (autovacuum may take a minute).
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze bookings`);
  return { products: sites.length, bookings: bookingCount, sites };
}

/** Inserts the standard campaigns over the given sites; returns how many. */
export async function insertStandardCampaigns(
  db: Db,
  sites: SeededSite[],
  seed = DEMO_SEED,
): Promise<number> {
  const planned = planCampaigns(sites, seed).filter((c) => c.productIds.length > 0);
  if (!planned.length) return 0;
  const rows = await db
    .insert(campaigns)
    .values(
      planned.map((c) => ({
        type: 'standard' as const,
        name: c.name,
        description: c.description,
        images: c.images,
      })),
    )
    .returning({ id: campaigns.id });
  await db
    .insert(campaignProducts)
    .values(
      planned.flatMap((c, i) => c.productIds.map((productId) => ({ campaignId: rows[i].id, productId }))),
    );
  return planned.length;
}

/**
 * Empties the catalogue (products, categories, campaigns, bookings) for `npm run seed -- --reset`.
 * CASCADE also clears order items that point at products: this is for demo and benchmark databases.
 */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table campaign_products, campaigns, bookings, products, categories restart identity cascade`,
  );
  await db.delete(appMeta).where(sql`${appMeta.key} = 'seed'`);
}

/**
 * A demo database made before media owners existed: its sites get their demo owners (once; a database
 * whose sites all have owners is left alone).
 */
async function adoptDemoSites(db: Db, options: SeedOptions): Promise<void> {
  const [orphan] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.mediaOwnerId} is null`)
    .limit(1);
  const [meta] = await db.select().from(appMeta).where(sql`${appMeta.key} = 'seed'`);
  if (!orphan || !meta) return;
  const owners = await ensureDemoOwners(db, options.now ?? new Date());
  await adoptOwnerlessSites(db, owners, new Map(CITIES.map((c) => [c.slug, c.name])));
}

/**
 * A demo database made before the demo buyer existed gets its paid order (once: a buyer with an order is
 * left alone); its creatives' files are drawn again if the store lacks them.
 */
async function addDemoOrder(db: Db, options: SeedOptions): Promise<void> {
  const [meta] = await db.select().from(appMeta).where(sql`${appMeta.key} = 'seed'`);
  if (!meta || !(JSON.parse(meta.value) as { kind?: string }).kind?.startsWith('demo')) return;
  await ensureDemoOrder(
    db,
    options.now ?? new Date(),
    options.storage,
    options.commissionPercent,
    options.marketplaceGstin,
  );
  if (options.storage) await ensureDemoCreativeFiles(db, options.storage);
}

async function ensureCategories(db: Db): Promise<Map<string, number>> {
  await db
    .insert(categories)
    .values(KINDS.map((k) => ({ name: k.name, slug: k.slug })))
    .onConflictDoNothing();
  const rows = await db.select().from(categories);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Where the generated sequence continues: the product count, and the last number of each site-code prefix. */
async function existingCodes(db: Db): Promise<{ startIndex: number; counters: CodeCounters }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  const rows = await db
    .select({
      prefix: sql<string>`left(${products.productCode}, 9)`,
      last: sql<number>`max(substr(${products.productCode}, 11)::int)`,
    })
    .from(products)
    .where(sql`${products.productCode} ~ '^[A-Z]{2}-[A-Z]{3}-[A-Z]{2}-[0-9]{1,9}$'`)
    .groupBy(sql`1`);
  return { startIndex: count, counters: new Map(rows.map((r) => [r.prefix, Number(r.last)])) };
}
