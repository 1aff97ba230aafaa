import { ORDER_LINE_STATUSES, ORDER_STATUSES } from '@ooh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mediaOwners } from './partner-schema.ts';

/**
 * Drizzle has no daterange type (STACK.md). Values travel as PostgreSQL's text form "[2026-01-01,2026-01-08)".
 * The exclusion constraint that uses it lives in a custom migration.
 */
export const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});

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
    impression: integer('impression'),
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

/** One-time codes: stored only as an HMAC (docs/product-rules.md section 5). */
export const otpVerifications = pgTable(
  'otp_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull(),
    codeHmac: text('code_hmac').notNull(),
    ipHash: text('ip_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_phone_created_idx').on(t.phoneNumber, t.createdAt),
    index('otp_ip_created_idx').on(t.ipHash, t.createdAt),
  ],
);

/** Solved bot-check challenges, kept until expiry so one cannot be replayed. */
export const usedChallenges = pgTable('used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Session tokens ended by logout, by their jti, until they would have expired anyway; then they go.
 * Rows, not memory, so every API process refuses a token any of them revoked.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** The console SMS provider's dev outbox (never used in production). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phoneNumber, t.id)],
);

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

export const campaignProducts = pgTable(
  'campaign_products',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('campaign_products_unique').on(t.campaignId, t.productId),
    index('campaign_products_product_idx').on(t.productId),
  ],
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
    /** `held` until paid, then section 9's life: ORDER_LINE_TRANSITIONS in packages/shared is the only authority. */
    status: text('status', { enum: ORDER_LINE_STATUSES }).notNull().default('held'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_status_idx').on(t.status, t.toDate),
  ],
);

/**
 * A site's occupation of a date range: a live checkout hold, a confirmed booking, or a block set by the
 * media owner (order_id null). The EXCLUDE constraint in migration 0002 forbids overlaps among the
 * rows that are not cancelled.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    orderId: integer('order_id').references(() => orders.id),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    period: daterange('period').notNull(),
    /** held (a cart's hold), confirmed (paid), blocked (the owner's block, docs/product-rules.md section 8), cancelled. */
    status: text('status', { enum: ['held', 'confirmed', 'blocked', 'cancelled'] }).notNull(),
    /** Why the owner blocked the dates (blocked rows only). */
    blockReason: text('block_reason'),
    /** The member who blocked them (blocked rows only; null for the demo seed's blocks). */
    blockedByUserId: integer('blocked_by_user_id').references((): AnyPgColumn => users.id),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_order_idx').on(t.orderId),
    // A page's unavailable dates look up bookings by product_id = any(...), which the GiST exclusion
    // index cannot serve; without this they scan every booking in the next year.
    index('bookings_product_status_idx').on(t.productId, t.status),
    index('bookings_held_expiry_idx').on(t.holdExpiresAt).where(sql`status = 'held'`),
  ],
);

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  provider: text('provider').notNull(),
  providerPaymentId: text('provider_payment_id').notNull().unique(),
  status: text('status', { enum: ['captured', 'failed'] }).notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  /** Cash or bank transfer recorded by an operator: its reference and who recorded it. */
  reference: text('reference'),
  recordedByUserId: integer('recorded_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from './after-payment-schema.ts';
export * from './partner-schema.ts';
export * from './payouts-schema.ts';
export * from './sessions-schema.ts';
export * from './support-schema.ts';
