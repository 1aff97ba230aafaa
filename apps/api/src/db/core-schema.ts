import { ORDER_LINE_STATUSES, ORDER_STATUSES, type PriceLine } from '@ooh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * The tables the other schema files refer to (users, the catalogue, campaigns, orders and their lines,
 * media owners), so that no schema file imports schema.ts, which re-exports them all (decision 072: the
 * schema files without their import circle). Each table's owning module is in scripts/lint/table-owners.mjs.
 */

/** A breakdown line as stored with an order line. */
export type StoredPriceLine = PriceLine;

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** The site code shown as "Lamp Post ID". */
    productCode: text('product_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Daily price in paise. Money columns are bigint (docs/product-rules.md section 10); amounts stay below 2^53, so numbers. */
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    /** Rate card (decision 081): per-day rates in paise from 7 and from 28 days; null, the daily price. */
    weeklyPricePaise: bigint('weekly_price_paise', { mode: 'number' }),
    fourWeeklyPricePaise: bigint('four_weekly_price_paise', { mode: 'number' }),
    address: text('address').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** As the catalogue holds it: days (number), "N days" text, or seconds. */
    bookingDuration: jsonb('booking_duration').$type<number | string>().notNull(),
    /** bookingDuration normalised to whole days, so queries and rules need not parse it. */
    minDays: integer('min_days').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    imageSize: text('image_size'),
    imageFormat: text('image_format'),
    lighting: text('lighting'),
    state: text('state').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    pinCode: text('pin_code').notNull(),
    /** Daily impressions (the SPEC's `impression`); read with the audience columns below, never alone. */
    impression: integer('impression'),
    /** Where the daily impressions come from (decision 080, migration 0029); typed by an owner unless said otherwise. */
    audienceSource: text('audience_source', {
      enum: ['owner_declared', 'traffic_count', 'survey', 'modelled'],
    })
      .notNull()
      .default('owner_declared'),
    /** The month the figure was measured or modelled, "2026-03". */
    audienceMeasuredOn: text('audience_measured_on'),
    audienceMethod: text('audience_method').notNull().default(''),
    /** An operator's verified mark; an owner's change of the figure, source, month or method clears it. */
    audienceVerifiedAt: timestamp('audience_verified_at', { withTimezone: true }),
    audienceVerifiedBy: integer('audience_verified_by').references((): AnyPgColumn => users.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The media owner listing the site (docs/product-rules.md section 8); null only for rows older than owners. */
    mediaOwnerId: integer('media_owner_id').references((): AnyPgColumn => mediaOwners.id),
    /**
     * draft -> pending -> live <-> paused, or rejected. Only live sites reach buyers. An operator's hold
     * (decision 046): taken_down (one site) or suspended (its owner is), remembering the status before.
     */
    status: text('status', {
      enum: ['draft', 'pending', 'live', 'paused', 'rejected', 'taken_down', 'suspended'],
    })
      .notNull()
      .default('live'),
    rejectionReason: text('rejection_reason'),
    holdReason: text('hold_reason'),
    statusBeforeHold: text('status_before_hold', {
      enum: ['draft', 'pending', 'live', 'paused', 'rejected'],
    }),
    /**
     * Changes of name, location or photos to a live site, waiting for an operator: the live values stay
     * what buyers see until the review approves them.
     */
    pendingChanges: jsonb('pending_changes').$type<Record<string, unknown>>(),
    widthFt: doublePrecision('width_ft'),
    heightFt: doublePrecision('height_ft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_owner_idx').on(t.mediaOwnerId, t.id),
    index('products_status_idx').on(t.status, t.id),
    index('products_category_idx').on(t.categoryId, t.id),
    index('products_state_idx').on(t.state, t.id),
    index('products_district_idx').on(t.district, t.id),
    index('products_lighting_idx').on(t.lighting, t.id),
    index('products_price_idx').on(t.pricePaise),
    index('products_impression_idx').on(t.impression),
    // Trigram indexes make the catalogue search (ILIKE '%text%' on these columns) an index scan at
    // 100,000 sites; pg_trgm is created in the same migration (0003).
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_address_trgm_idx').using('gin', t.address.op('gin_trgm_ops')),
    index('products_city_trgm_idx').using('gin', t.city.op('gin_trgm_ops')),
    index('products_district_trgm_idx').using('gin', t.district.op('gin_trgm_ops')),
    index('products_code_trgm_idx').using('gin', t.productCode.op('gin_trgm_ops')),
  ],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** 10 digits, without +91. */
  phoneNumber: text('phone_number').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email'),
  company: text('company'),
  companyType: text('company_type'),
  gst: text('gst'),
  pan: text('pan'),
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  city: text('city'),
  state: text('state'),
  pin: text('pin'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['standard', 'customized'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Owner of a customized campaign; null for standard campaigns. */
    userId: integer('user_id').references(() => users.id),
    /** A customized campaign the user saved (shows under Saved Campaigns). */
    saved: boolean('saved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_user_idx').on(t.userId, t.id), index('campaigns_type_idx').on(t.type, t.id)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** ORDER_TRANSITIONS in packages/shared is the only authority; the orders module alone moves it. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    paymentMethod: text('payment_method', { enum: ['razorpay', 'cash'] })
      .notNull()
      .default('razorpay'),
    /** A cash order's way of paying: only cash counts towards s.269ST's limit (migration 0014). */
    offlineMethod: text('offline_method', { enum: ['cash', 'bank_transfer'] }),
    /** What is charged: the subtotal plus GST (docs/product-rules.md section 10). */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The sum of the lines without GST (the product spec's total, /booking/book's `amount`). */
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull().default(0),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    /** The buyer's billing state (the place of supply), as named in the buyer's profile. */
    placeOfSupply: text('place_of_supply'),
    buyerGstin: text('buyer_gstin'),
    /** The buyer's name and billing address at the time of the order, for the tax invoice. */
    billing: jsonb('billing').$type<Record<string, string | null>>(),
    /** The agency client the order was placed for (decision 092; the reference is migration 0038's). */
    clientId: integer('client_id'),
    /** The client's purchase order number, printed on the invoices. */
    poNumber: text('po_number'),
    currency: text('currency').notNull().default('INR'),
    provider: text('provider'),
    providerOrderId: text('provider_order_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_status_expiry_idx').on(t.status, t.expiresAt),
    // A client's orders of a month, summed at booking for its monthly limit (migration 0041).
    index('orders_client_idx').on(t.clientId, t.createdAt).where(sql`${t.clientId} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    campaignId: integer('campaign_id').references(() => campaigns.id),
    campaignName: text('campaign_name').notNull(),
    customized: boolean('customized').notNull().default(false),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    /** The breakdown the line was priced with (shared PriceLine[], decision 081); null before rate cards. */
    priceLines: jsonb('price_lines').$type<StoredPriceLine[]>(),
    /** `held` until paid, then section 9's life: ORDER_LINE_TRANSITIONS in packages/shared is the only authority. */
    status: text('status', { enum: ORDER_LINE_STATUSES }).notNull().default('held'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The site's audience figure as it was when the line was booked (decision 091, migration 0036), so the
     * order's figures and its report never follow a later change of the site. False on lines booked before
     * it: "not recorded at booking". Recorded with no figure: the site had none (daily impressions null).
     */
    audienceRecorded: boolean('audience_recorded').notNull().default(false),
    audienceDailyImpressions: integer('audience_daily_impressions'),
    audienceSource: text('audience_source', {
      enum: ['owner_declared', 'traffic_count', 'survey', 'modelled'],
    }),
    audienceMeasuredOn: text('audience_measured_on'),
    audienceMethod: text('audience_method'),
    audienceVerified: boolean('audience_verified'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_status_idx').on(t.status, t.toDate),
  ],
);

/**
 * A company that owns advertising sites (docs/product-rules.md section 7; owned by modules/partners). It starts
 * pending; an operator approves it or rejects it with a reason. The account number is stored whole for
 * payouts and only ever answered masked.
 */
export const mediaOwners = pgTable(
  'media_owners',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    gstin: text('gstin').notNull(),
    pan: text('pan').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pin: text('pin').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    ifsc: text('ifsc').notNull(),
    accountNumber: text('account_number').notNull(),
    /** pending -> approved | rejected; approved <-> suspended by an operator (decision 046). */
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'suspended'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    suspensionReason: text('suspension_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_owners_status_idx').on(t.status, t.id),
    // The duplicate checks on applications (decision 046) look owners up by these.
    index('media_owners_gstin_idx').on(t.gstin),
    index('media_owners_pan_idx').on(t.pan),
    index('media_owners_account_idx').on(t.ifsc, t.accountNumber),
  ],
);
