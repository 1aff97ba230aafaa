/**
 * The demo buyer (9999900007) and a paid order on three sites of the first demo owner (9999900001) whose
 * line started yesterday (IST) and runs four weeks, with approved creatives: the owner can post proof of
 * posting at once, and the buyer sees it on /my-orders/{id}. Written through the normal tables (order with
 * GST, lines, confirmed bookings, payment, timeline, creatives, the owner's payouts held until proof), as a
 * real payment would leave them.
 */
import {
  addDays,
  COMPANY_DEFAULTS,
  linePricePaise,
  type OrderLineStatus,
  todayIst,
  toRupees,
} from '@ooh/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { issueInvoice } from '../../modules/invoices/invoice-series.repository.ts';
import type { FileStorage } from '../../modules/storage/file-storage.ts';
import { holdOrderPayouts } from '../../workflows/pay.workflow.ts';
import type { Db } from '../client.ts';
import {
  bookings,
  creatives,
  mediaOwnerMembers,
  orderItems,
  orderLineEvents,
  orders,
  payments,
  products,
  sandboxPayments,
  users,
} from '../schema.ts';
import { DEMO_OWNERS } from './demo-owners.ts';

export const DEMO_BUYER = {
  phone: '9999900007',
  firstName: 'Priya',
  lastName: 'Nair',
  email: 'priya.nair@example.com',
  company: 'Chai Point Brands Pvt Ltd',
  addressLine1: '21, 80 Feet Road, Koramangala 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560034',
} as const;
/** The owner whose sites the demo order books. */
export const DEMO_ORDER_OWNER_PHONE = DEMO_OWNERS[0].phone;
export const DEMO_ORDER_SITES = 3;
/** The line runs from yesterday (IST) for this many days. */
export const DEMO_ORDER_DAYS = 28;
export const DEMO_CAMPAIGN_NAME = 'Monsoon chai launch';
/** GST on advertising space (SAC 998366), docs/product-rules.md section 10: the buyer is outside Maharashtra, so IGST. */
const GST_PERCENT = 18;

/**
 * Makes the demo buyer and its paid order, once: a buyer who already has an order is left alone. Without
 * `storage` (the seed command) the creatives rows are still written; their files are drawn when the app
 * starts with storage (the creative's file answers 404 until then).
 */
export async function ensureDemoOrder(
  db: Db,
  now: Date,
  storage?: FileStorage,
  commissionPercent = 15,
  marketplaceGstin = COMPANY_DEFAULTS.gstin,
): Promise<number | null> {
  await db
    .insert(users)
    .values({
      phoneNumber: DEMO_BUYER.phone,
      firstName: DEMO_BUYER.firstName,
      lastName: DEMO_BUYER.lastName,
      email: DEMO_BUYER.email,
      company: DEMO_BUYER.company,
      addressLine1: DEMO_BUYER.addressLine1,
      city: DEMO_BUYER.city,
      state: DEMO_BUYER.state,
      pin: DEMO_BUYER.pin,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [buyer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, DEMO_BUYER.phone));
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, buyer.id))
    .limit(1);
  if (existing) return null;

  const [ownerUser] = await db
    .select({ userId: users.id, ownerId: mediaOwnerMembers.mediaOwnerId })
    .from(users)
    .innerJoin(mediaOwnerMembers, eq(mediaOwnerMembers.userId, users.id))
    .where(eq(users.phoneNumber, DEMO_ORDER_OWNER_PHONE));
  if (!ownerUser) return null;

  const from = addDays(todayIst(now), -1);
  const to = addDays(from, DEMO_ORDER_DAYS);
  // The owner's first live sites free for the whole run whose minimum booking the run meets.
  const sites = await db
    // The audience figure too: the demo's lines keep it as booked lines do (decision 091).
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      impression: products.impression,
      audienceSource: products.audienceSource,
      audienceMeasuredOn: products.audienceMeasuredOn,
      audienceMethod: products.audienceMethod,
      audienceVerifiedAt: products.audienceVerifiedAt,
    })
    .from(products)
    .where(
      and(
        eq(products.mediaOwnerId, ownerUser.ownerId),
        eq(products.status, 'live'),
        sql`${products.minDays} <= ${DEMO_ORDER_DAYS}`,
        sql`not exists (select 1 from ${bookings} b where b.product_id = ${products.id}
          and b.status <> 'cancelled' and b.period && daterange(${from}::date, ${to}::date))`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(DEMO_ORDER_SITES);
  if (sites.length < DEMO_ORDER_SITES) return null;

  const lines = sites.map((s) => ({
    site: s,
    pricePaise: linePricePaise({ price: toRupees(s.pricePaise), from_date: from, to_date: to }),
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.pricePaise, 0);
  const igst = Math.round((subtotal * GST_PERCENT) / 100);
  // Paid two days before the start, when the buyer booked it (a booking starts a week out at the earliest,
  // so the seed's timeline is shown as it would have been lived, with dates in the past).
  const booked = new Date(now.getTime() - 10 * 86_400_000);
  const paidAt = new Date(booked.getTime() + 5 * 60_000);
  const submitted = new Date(booked.getTime() + 86_400_000);
  const approved = new Date(submitted.getTime() + 3 * 3_600_000);

  const [order] = await db
    .insert(orders)
    .values({
      userId: buyer.id,
      status: 'paid',
      paymentMethod: 'razorpay',
      amountPaise: subtotal + igst,
      subtotalPaise: subtotal,
      igstPaise: igst,
      placeOfSupply: DEMO_BUYER.state,
      billing: {
        name: `${DEMO_BUYER.firstName} ${DEMO_BUYER.lastName}`,
        company: DEMO_BUYER.company,
        address_line_1: DEMO_BUYER.addressLine1,
        city: DEMO_BUYER.city,
        state: DEMO_BUYER.state,
        pin: DEMO_BUYER.pin,
        gstin: null,
      },
      provider: 'sandbox',
      providerOrderId: `order_demo_${buyer.id}`,
      expiresAt: new Date(booked.getTime() + 15 * 60_000),
      paidAt,
      createdAt: booked,
    })
    .returning({ id: orders.id });
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.site.id,
        campaignName: DEMO_CAMPAIGN_NAME,
        fromDate: from,
        toDate: to,
        days: DEMO_ORDER_DAYS,
        pricePaise: l.pricePaise,
        // The breakdown the order page shows (decision 083): the demo prices each line at its daily rate.
        priceLines: [
          {
            kind: 'base' as const,
            label: 'Daily rate',
            days: DEMO_ORDER_DAYS,
            ratePaise: l.site.pricePaise,
            percentBp: null,
            amountPaise: l.pricePaise,
            ruleIds: [],
          },
        ],
        status: 'creative_approved' as const,
        statusChangedAt: approved,
        audienceRecorded: true,
        audienceDailyImpressions: l.site.impression || null,
        audienceSource: l.site.audienceSource,
        audienceMeasuredOn: l.site.audienceMeasuredOn,
        audienceMethod: l.site.audienceMethod,
        audienceVerified: l.site.audienceVerifiedAt !== null,
      })),
    )
    .returning({ id: orderItems.id, productId: orderItems.productId });
  await db.insert(bookings).values(
    items.map((i) => ({
      productId: i.productId,
      orderId: order.id,
      orderItemId: i.id,
      period: `[${from},${to})`,
      status: 'confirmed' as const,
      createdAt: booked,
    })),
  );
  await db.insert(payments).values({
    orderId: order.id,
    provider: 'sandbox',
    providerPaymentId: `pay_demo_${order.id}`,
    status: 'captured',
    amountPaise: subtotal + igst,
    createdAt: paidAt,
  });
  // The sandbox's own record of that payment, as its checkout window would have left it: without it the
  // sandbox refuses every refund of the demo order ("no payment pay_demo_...").
  await db.insert(sandboxPayments).values({
    id: `pay_demo_${order.id}`,
    providerOrderId: `order_demo_${buyer.id}`,
    amountPaise: subtotal + igst,
    status: 'captured',
    createdAt: paidAt,
  });
  // The timeline as moveLine would have written it: paid, the buyer's artwork, the owner's approval.
  const steps: Array<{
    from: OrderLineStatus | null;
    to: OrderLineStatus;
    at: Date;
    actor: number | null;
    role: 'system' | 'buyer' | 'media_owner';
  }> = [
    { from: null, to: 'scheduled', at: paidAt, actor: null, role: 'system' },
    { from: 'scheduled', to: 'creative_submitted', at: submitted, actor: buyer.id, role: 'buyer' },
    {
      from: 'creative_submitted',
      to: 'creative_approved',
      at: approved,
      actor: ownerUser.userId,
      role: 'media_owner',
    },
  ];
  await db.insert(orderLineEvents).values(
    items.flatMap((i) =>
      steps.map((s) => ({
        orderItemId: i.id,
        fromStatus: s.from,
        toStatus: s.to,
        actorUserId: s.actor,
        actorRole: s.role,
        createdAt: s.at,
      })),
    ),
  );
  for (const [n, item] of items.entries()) {
    const key = demoCreativeKey(order.id, item.id);
    const png = await demoArtwork(n);
    if (storage) await storage.put(key, png, { contentType: 'image/png' });
    await db.insert(creatives).values({
      orderItemId: item.id,
      storageKey: key,
      contentType: 'image/png',
      fileName: `chai-launch-${n + 1}.png`,
      sizeBytes: png.length,
      width: ARTWORK.width,
      height: ARTWORK.height,
      status: 'approved',
      uploadedByUserId: buyer.id,
      reviewedByUserId: ownerUser.userId,
      reviewedAt: approved,
      createdAt: submitted,
    });
  }
  await issueInvoice(db, order.id, paidAt);
  // Each line's share held until its proof is verified (decision 047); the sync pass makes the transfers.
  await holdOrderPayouts(db, {
    orderId: order.id,
    now: paidAt,
    commissionPercent,
    marketplaceGstin,
    provider: 'sandbox',
    paymentId: `pay_demo_${order.id}`,
  });
  return order.id;
}

/**
 * Draws the demo creatives' files that are missing from storage (a database seeded by the command line,
 * without storage, then started as the app).
 */
export async function ensureDemoCreativeFiles(db: Db, storage: FileStorage): Promise<void> {
  const rows = await db
    .select({ key: creatives.storageKey })
    .from(creatives)
    .where(sql`${creatives.storageKey} like 'creatives/%/demo-artwork.png'`)
    .orderBy(asc(creatives.id));
  for (const [n, row] of rows.entries()) {
    if (!(await storage.exists(row.key)))
      await storage.put(row.key, await demoArtwork(n), { contentType: 'image/png' });
  }
}

const demoCreativeKey = (orderId: number, lineId: number) =>
  `creatives/${orderId}/${lineId}/demo-artwork.png`;

const ARTWORK = { width: 1200, height: 400 };

/** A small, deterministic poster: a coloured band with a cup and a headline bar. */
async function demoArtwork(n: number): Promise<Buffer> {
  const bg = ['#7b3f00', '#0b6e4f'][n % 2];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK.width}" height="${ARTWORK.height}">` +
    `<rect width="100%" height="100%" fill="${bg}"/>` +
    `<rect x="80" y="120" width="160" height="180" rx="20" fill="#f5deb3"/>` +
    `<rect x="300" y="140" width="760" height="60" fill="#ffd166"/>` +
    `<rect x="300" y="230" width="520" height="36" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
