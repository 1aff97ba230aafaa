import type { Db } from '../src/db/client.ts';
import { bookings, campaignProducts, campaigns, categories, products } from '../src/db/schema.ts';

/** Small, explicit catalogue rows for API tests; the demo seed is never used in tests. */
export const CATEGORY_NAMES = [
  'Lamp Post',
  'Hoarding',
  'Bridge',
  'Digital Billboard',
  'Transit',
  'Retail',
] as const;

export async function insertCategories(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name) => ({ name, slug: name.toLowerCase().replaceAll(' ', '-') })))
    .onConflictDoNothing()
    .returning();
  const all = rows.length ? rows : await db.select().from(categories);
  return Object.fromEntries(all.map((c) => [c.name, c.id]));
}

let counter = 0;
export type ProductInsert = typeof products.$inferInsert;

export async function insertProduct(db: Db, overrides: Partial<ProductInsert> = {}) {
  counter += 1;
  const categoryIds = await insertCategories(db);
  const [row] = await db
    .insert(products)
    .values({
      productCode: `TS-LP-${String(counter).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
      name: `Test Lamp Post ${counter}`,
      description: 'A lamp post panel on a busy road.',
      pricePaise: 150_000,
      address: 'MG Road, near Metro Station',
      images: ['/media/sites/lamp-post/mumbai/1.svg'],
      bookingDuration: 7,
      minDays: 7,
      categoryId: categoryIds['Lamp Post'],
      imageSize: '3 x 5 ft',
      imageFormat: 'Flex',
      lighting: 'Lighting',
      state: 'Maharashtra',
      district: 'Mumbai',
      city: 'Mumbai',
      pinCode: '400001',
      impression: 25_000,
      latitude: 18.94,
      longitude: 72.83,
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertStandardCampaign(
  db: Db,
  productIds: number[],
  overrides: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [campaign] = await db
    .insert(campaigns)
    .values({
      type: 'standard',
      name: 'Mumbai Lamp Post Blitz',
      description: 'Lamp posts across South Mumbai.',
      images: ['/media/sites/lamp-post/mumbai/1.svg'],
      ...overrides,
    })
    .returning();
  if (productIds.length) {
    await db
      .insert(campaignProducts)
      .values(productIds.map((productId) => ({ campaignId: campaign.id, productId })));
  }
  return campaign;
}

/** A confirmed booking (or owner block) of [from, to) for a site. */
export async function insertBooking(
  db: Db,
  productId: number,
  from: string,
  to: string,
  status: 'held' | 'confirmed' | 'blocked' | 'cancelled' = 'confirmed',
  holdExpiresAt?: Date,
) {
  const [row] = await db
    .insert(bookings)
    .values({ productId, period: `[${from},${to})`, status, holdExpiresAt })
    .returning();
  return row;
}
