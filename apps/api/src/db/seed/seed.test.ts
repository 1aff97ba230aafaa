import {
  addDays,
  isValidBankAccount,
  isValidGstin,
  isValidIfsc,
  isValidPan,
  parseBookingDuration,
  todayIst,
} from '@ooh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  agencyClients,
  appMeta,
  bookings,
  campaignProducts,
  campaigns,
  categories,
  creatives,
  mediaOwnerMembers,
  mediaOwners,
  orderItems,
  orderLineEvents,
  orders,
  payments,
  payouts,
  products,
  users,
} from '../schema.ts';
import { planCampaigns } from './campaigns.ts';
import { generateSite } from './catalogue.ts';
import { CITIES } from './cities.ts';
import { isOnLand } from './coast-land.ts';
import { DEMO_BUYER, DEMO_CAMPAIGN_NAME, DEMO_ORDER_SITES } from './demo-orders.ts';
import { DEMO_SEED, seedCatalogue, seedIfEmpty } from './seed.ts';

const NOW = new Date('2026-11-22T06:30:00Z');
const TODAY = todayIst(NOW);
const CODE = /^[A-Z]{2}-[A-Z]{3}-(LP|HO|BR|DB|TR|RT)-\d{4,}$/;
const IMAGE =
  /^\/media\/sites\/(lamp-post|hoarding|bridge|digital-billboard|transit|retail)\/[a-z-]+\/[1-9]\d*\.webp$/;
/** Rupees per day a site of each kind may cost (tier-2 cities are cheaper, never below the floor). */
const PRICE_RANGE: Record<string, [number, number]> = {
  'lamp-post': [300, 1500],
  hoarding: [3000, 25_000],
  bridge: [5000, 30_000],
  'digital-billboard': [8000, 50_000],
  transit: [1000, 30_000],
  retail: [1500, 8000],
};

describe('demo seed', () => {
  let ctx: TestContext;
  type Row = typeof products.$inferSelect & { slug: string };
  let rows: Row[];

  beforeAll(async () => {
    ctx = await createTestApp({ now: NOW });
    await seedIfEmpty(ctx.database.db, { now: NOW, storage: ctx.app.deps.storage });
    const all = await ctx.database.db
      .select()
      .from(products)
      .innerJoin(categories, sql`${categories.id} = ${products.categoryId}`);
    rows = all.map((r) => ({ ...r.products, slug: r.categories.slug }));
  });
  afterAll(() => ctx.close());

  it('loads at least 300 sites over 12 cities in 8 states and all six categories', async () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r.city)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.state)).size).toBeGreaterThanOrEqual(8);
    const cats = await ctx.database.db.select().from(categories);
    expect(cats.map((c) => c.slug).sort()).toEqual(
      ['bridge', 'digital-billboard', 'hoarding', 'lamp-post', 'retail', 'transit'].sort(),
    );
    for (const c of cats) expect(rows.filter((r) => r.categoryId === c.id).length).toBeGreaterThanOrEqual(10);
  });

  it('puts no site in the sea by the 20 m OpenStreetMap coastline (decision 045)', () => {
    const wet = rows.filter(
      (r) => r.latitude !== null && r.longitude !== null && !isOnLand(r.longitude, r.latitude),
    );
    expect(wet.map((r) => `${r.name} (${r.latitude}, ${r.longitude})`)).toEqual([]);
    expect(rows.every((r) => r.latitude !== null && r.longitude !== null)).toBe(true);
  });

  it('gives every site a code, a realistic price, details and two to four images', () => {
    expect(new Set(rows.map((r) => r.productCode)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.productCode).toMatch(CODE);
      const [min, max] = PRICE_RANGE[r.slug];
      expect(r.pricePaise % 100).toBe(0);
      expect(r.pricePaise / 100).toBeGreaterThanOrEqual(min);
      expect(r.pricePaise / 100).toBeLessThanOrEqual(max);
      expect(r.minDays).toBe(parseBookingDuration(r.bookingDuration));
      expect(r.images.length).toBeGreaterThanOrEqual(2);
      expect(r.images.length).toBeLessThanOrEqual(4);
      for (const url of r.images) expect(url).toMatch(IMAGE);
      expect(r.images[0]).toContain(`/${r.slug}/`);
      expect(['Front Lit', 'Back Lit', 'Non-Lit']).toContain(r.lighting);
      expect(r.pinCode).toMatch(/^[1-8]\d{5}$/);
      expect(r.address).toContain(r.pinCode);
      expect(r.latitude).toBeGreaterThan(8);
      expect(r.latitude).toBeLessThan(29);
      expect(r.longitude).toBeGreaterThan(72);
      expect(r.longitude).toBeLessThan(89);
      expect(r.impression).toBeGreaterThan(0);
      // Decision 080: the demo's figures say they are modelled, by which model, and are not verified.
      expect(r.audienceSource).toBe('modelled');
      expect(r.audienceMethod).toContain('Demo catalogue model v1');
      expect(r.audienceMeasuredOn).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(r.audienceVerifiedAt).toBeNull();
      expect(r.imageSize).toBeTruthy();
      expect(r.imageFormat).toBeTruthy();
      const sentences = r.description.split(/(?<=\.) (?=[A-Z])/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
    }
    expect(new Set(rows.map((r) => r.description)).size).toBeGreaterThan(rows.length * 0.9);
  });

  it('holds booking durations in all three forms: days, "N days" text and seconds', () => {
    const forms = rows.map((r) =>
      typeof r.bookingDuration === 'string' ? 'text' : r.bookingDuration >= 86_400 ? 'seconds' : 'days',
    );
    expect(forms.filter((f) => f === 'days').length).toBeGreaterThan(rows.length / 2);
    expect(forms).toContain('text');
    expect(forms).toContain('seconds');
  });

  it('blocks some dates of about 15% of the sites as owner blocks starting 8 to 200 days out', async () => {
    const blocks = await ctx.database.db
      .select({
        productId: bookings.productId,
        status: bookings.status,
        orderId: bookings.orderId,
        from: sql<string>`lower(${bookings.period})::text`,
        to: sql<string>`upper(${bookings.period})::text`,
      })
      .from(bookings)
      .where(sql`${bookings.status} = 'blocked'`);
    const sites = new Set(blocks.map((b) => b.productId));
    expect(sites.size).toBeGreaterThan(rows.length * 0.08);
    expect(sites.size).toBeLessThan(rows.length * 0.25);
    for (const b of blocks) {
      expect(b.orderId).toBeNull();
      expect(b.from >= addDays(TODAY, 8)).toBe(true);
      expect(b.from <= addDays(TODAY, 200)).toBe(true);
      expect(b.to > b.from).toBe(true);
    }
  });

  it('creates at least 8 standard campaigns of 4 to 12 sites with descriptions and their sites’ first images', async () => {
    const db = ctx.database.db;
    const list = await db.select().from(campaigns);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Mumbai Lamp Post Blitz', 'Delhi NCR Metro Movers', 'South India Highways']),
    );
    const firstImage = new Map(rows.map((r) => [r.id, r.images[0]]));
    for (const c of list) {
      expect(c.type).toBe('standard');
      expect(c.userId).toBeNull();
      expect(c.description.length).toBeGreaterThan(40);
      const entries = await db
        .select()
        .from(campaignProducts)
        .where(sql`${campaignProducts.campaignId} = ${c.id}`);
      expect(entries.length).toBeGreaterThanOrEqual(4);
      expect(entries.length).toBeLessThanOrEqual(12);
      const images = entries.map((e) => firstImage.get(e.productId));
      expect(c.images.length).toBeGreaterThan(0);
      for (const image of c.images) expect(images).toContain(image);
    }
  });

  it('serves every image of every site: a cacheable WebP drawn from an SVG of its city (and its mall)', async () => {
    const rasterChecked = new Set<string>();
    for (const r of rows) {
      for (const url of r.images) {
        // The drawing every picture is made from (the same address as .svg), for what it shows.
        const drawing = url.replace(/\.webp$/, '.svg');
        const res = await ctx.app.inject({ method: 'GET', url: drawing });
        expect(res.statusCode, drawing).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(res.body.startsWith('<svg')).toBe(true);
        expect(res.body).toContain(`>${r.city.toUpperCase()}</text>`);
        if (r.slug === 'retail') {
          const malls = CITIES.find((c) => c.name === r.city)!.malls.map(([mall]) => mall);
          const mall = malls.find((m) => r.name.includes(m))!;
          expect(res.body).toContain(`>${mall.toUpperCase()}</text>`);
        }
        // The WebP the pages link to, for one picture of each kind (each is a 20-40 ms drawing).
        if (rasterChecked.has(r.slug)) continue;
        rasterChecked.add(r.slug);
        const raster = await ctx.app.inject({ method: 'GET', url });
        expect(raster.statusCode, url).toBe(200);
        expect(raster.headers['content-type']).toBe('image/webp');
        expect(raster.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(raster.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
    expect(rasterChecked.size).toBe(6);
  });

  it('gives the catalogue to five approved demo owners with valid GSTIN, PAN and IFSC, one member each', async () => {
    const db = ctx.database.db;
    const owners = await db
      .select({ owner: mediaOwners, phone: users.phoneNumber })
      .from(mediaOwners)
      .innerJoin(mediaOwnerMembers, sql`${mediaOwnerMembers.mediaOwnerId} = ${mediaOwners.id}`)
      .innerJoin(users, sql`${users.id} = ${mediaOwnerMembers.userId}`)
      .orderBy(users.phoneNumber);
    expect(owners.map((o) => o.phone)).toEqual([
      '9999900001',
      '9999900002',
      '9999900003',
      '9999900004',
      '9999900005',
      '9999900006',
    ]);
    expect(owners.map((o) => o.owner.status)).toEqual([...Array(5).fill('approved'), 'pending']);
    for (const { owner } of owners) {
      expect(isValidGstin(owner.gstin), owner.gstin).toBe(true);
      expect(isValidPan(owner.pan)).toBe(true);
      expect(owner.gstin.slice(2, 12)).toBe(owner.pan);
      expect(isValidIfsc(owner.ifsc)).toBe(true);
      expect(isValidBankAccount(owner.accountNumber)).toBe(true);
      expect(owner.companyName).toMatch(/(Pvt Ltd|LLP)$/);
    }
    const approved = new Set(owners.filter((o) => o.owner.status === 'approved').map((o) => o.owner.id));
    // Every demo site has an approved owner, and every approved owner has sites.
    for (const r of rows) expect(approved.has(r.mediaOwnerId!), r.productCode).toBe(true);
    for (const id of approved) expect(rows.filter((r) => r.mediaOwnerId === id).length).toBeGreaterThan(20);
    // An owner's sites are in its own cities.
    const mumbai = rows.filter((r) => r.city === 'Mumbai');
    expect(new Set(mumbai.map((r) => r.mediaOwnerId)).size).toBe(1);
  });

  it('seeds the demo agency with its two clients (demo-agency.test.ts has the rest)', async () => {
    expect((await ctx.database.db.select().from(agencyClients)).map((c) => c.name)).toEqual([
      'Chai Point Brands Pvt Ltd',
      'Monsoon Footwear LLP',
    ]);
  });

  it('leaves two demo sites pending review, in no campaign, and the rest live', async () => {
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending.length).toBe(2);
    expect(rows.filter((r) => r.status === 'live').length).toBe(rows.length - 2);
    const inCampaigns = await ctx.database.db.select().from(campaignProducts);
    for (const p of pending) expect(inCampaigns.map((e) => e.productId)).not.toContain(p.id);
  });

  it('gives the demo buyer a paid order on two sites of 9999900001, started yesterday, creatives approved', async () => {
    const db = ctx.database.db;
    const [buyer] = await db.select().from(users).where(sql`${users.phoneNumber} = ${DEMO_BUYER.phone}`);
    expect(buyer).toMatchObject({ firstName: 'Priya', state: 'Karnataka', email: 'priya.nair@example.com' });
    const list = await db.select().from(orders).where(sql`${orders.userId} = ${buyer.id}`);
    expect(list).toHaveLength(1);
    const [order] = list;
    const lines = await db.select().from(orderItems).where(sql`${orderItems.orderId} = ${order.id}`);
    expect(lines).toHaveLength(DEMO_ORDER_SITES);
    const owner1 = rows.find((r) => r.id === lines[0].productId)!.mediaOwnerId;
    const [{ phone }] = await db
      .select({ phone: users.phoneNumber })
      .from(mediaOwnerMembers)
      .innerJoin(users, sql`${users.id} = ${mediaOwnerMembers.userId}`)
      .where(sql`${mediaOwnerMembers.mediaOwnerId} = ${owner1}`);
    expect(phone).toBe('9999900001');
    const subtotal = lines.reduce((sum, l) => sum + l.pricePaise, 0);
    // IGST 18 % (a Karnataka buyer), the total charged and paid.
    expect(order).toMatchObject({
      status: 'paid',
      subtotalPaise: subtotal,
      igstPaise: Math.round(subtotal * 0.18),
      cgstPaise: 0,
      sgstPaise: 0,
      amountPaise: subtotal + Math.round(subtotal * 0.18),
      placeOfSupply: 'Karnataka',
    });
    const paid = await db.select().from(payments).where(sql`${payments.orderId} = ${order.id}`);
    expect(paid).toMatchObject([{ status: 'captured', amountPaise: order.amountPaise }]);
    for (const l of lines) {
      expect(l).toMatchObject({
        status: 'creative_approved',
        fromDate: addDays(TODAY, -1),
        toDate: addDays(TODAY, 27),
        days: 28,
        campaignName: DEMO_CAMPAIGN_NAME,
      });
      const site = rows.find((r) => r.id === l.productId)!;
      expect(site.mediaOwnerId).toBe(owner1);
      expect(site.status).toBe('live');
      expect(l.pricePaise).toBe(site.pricePaise * 28);
      const taken = await db.select().from(bookings).where(sql`${bookings.orderItemId} = ${l.id}`);
      expect(taken).toMatchObject([{ status: 'confirmed', productId: l.productId, orderId: order.id }]);
      const events = await db
        .select()
        .from(orderLineEvents)
        .where(sql`${orderLineEvents.orderItemId} = ${l.id}`)
        .orderBy(orderLineEvents.id);
      expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
        [null, 'scheduled'],
        ['scheduled', 'creative_submitted'],
        ['creative_submitted', 'creative_approved'],
      ]);
      const [creative] = await db.select().from(creatives).where(sql`${creatives.orderItemId} = ${l.id}`);
      expect(creative.status).toBe('approved');
      const file = await ctx.app.deps.storage.get(creative.storageKey);
      expect(file?.contentType).toBe('image/png');
      // The owner's share held until a proof is verified (decision 047), taxed as DESIGN 18 writes it:
      // 15 % commission with its 18 % GST, the owner's GST on the supply, TCS and TDS (decision 093).
      const [payout] = await db.select().from(payouts).where(sql`${payouts.orderItemId} = ${l.id}`);
      expect(payout).toMatchObject({
        state: 'held',
        mediaOwnerId: owner1,
        commissionPaise: Math.round(l.pricePaise * 0.15),
        gstOnSupplyPaise: 2 * Math.round(l.pricePaise * 0.09),
        paymentId: `pay_demo_${order.id}`,
      });
      expect(payout.sharePaise).toBe(
        l.pricePaise +
          payout.gstOnSupplyPaise -
          payout.commissionPaise -
          payout.commissionGstPaise -
          payout.tcsPaise -
          payout.tdsPaise,
      );
    }
    // The sites' dates are taken: no owner block overlaps the order's.
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        sql`${bookings.productId} in (${lines[0].productId}, ${lines[1].productId}) and ${bookings.status} <> 'confirmed'
          and ${bookings.period} && daterange(${lines[0].fromDate}::date, ${lines[0].toDate}::date)`,
      );
    expect(n).toBe(0);
  });

  it('records the seed and inserts nothing on a second run', async () => {
    const db = ctx.database.db;
    const [meta] = await db.select().from(appMeta).where(sql`${appMeta.key} = 'seed'`);
    expect(JSON.parse(meta.value)).toMatchObject({ kind: 'demo', seed: DEMO_SEED, products: rows.length });
    const count = async () => {
      const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
      const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
      const [b] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings);
      const [o] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
      const [e] = await db.select({ n: sql<number>`count(*)::int` }).from(orderLineEvents);
      return [p.n, c.n, b.n, o.n, e.n];
    };
    const before = await count();
    await seedIfEmpty(db, { now: NOW, storage: ctx.app.deps.storage });
    expect(await count()).toEqual(before);
  });

  it('appends larger catalogues in chunks with fresh site codes', async () => {
    const db = ctx.database.db;
    const result = await seedCatalogue(db, { sites: 1200, now: NOW });
    expect(result.products).toBe(1200);
    const [{ n, codes }] = await db
      .select({
        n: sql<number>`count(*)::int`,
        codes: sql<number>`count(distinct ${products.productCode})::int`,
      })
      .from(products);
    expect(n).toBe(rows.length + 1200);
    expect(codes).toBe(n);
  });
});

describe('the generator', () => {
  it('is deterministic and never uses Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const a = Array.from({ length: 50 }, (_, i) => generateSite(7, i, TODAY, new Map()));
    const b = Array.from({ length: 50 }, (_, i) => generateSite(7, i, TODAY, new Map()));
    expect(b).toEqual(a);
    const sites = a.map((g, i) => ({
      id: i + 1,
      kind: g.kind.slug,
      style: g.style,
      citySlug: g.city.slug,
      image: g.row.images[0],
    }));
    expect(planCampaigns(sites, 7)).toEqual(planCampaigns(sites, 7));
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });
});
