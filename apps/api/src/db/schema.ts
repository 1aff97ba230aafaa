import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns, orderItems, orders, products, users } from './core-schema.ts';

/**
 * Drizzle has no daterange type (STACK.md). Values travel as PostgreSQL's text form "[2026-01-01,2026-01-08)".
 * The exclusion constraint that uses it lives in a custom migration.
 */
export const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
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
    /** The consent notice shown before this code was asked for (legal/consent-notice.ts), if the client sent one. */
    consentVersion: text('consent_version'),
  },
  (t) => [
    index('otp_phone_created_idx').on(t.phoneNumber, t.createdAt),
    index('otp_ip_created_idx').on(t.ipHash, t.createdAt),
  ],
);

/**
 * Consents as given and withdrawn (DPDP Act s.6(10): the Data Fiduciary proves the notice and the consent),
 * never edited: the latest row per account and purpose is the account's state. Only ids, versions and
 * times, nothing personal, so the rows may outlive an erasure as its proof.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['notice', 'marketing'] }).notNull(),
    version: text('version').notNull(),
    action: text('action', { enum: ['given', 'withdrawn'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId, t.purpose, t.id)],
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

/**
 * A site's occupation of a date range: a live checkout hold, a confirmed booking, or a block set by the
 * media owner (order_id null). The EXCLUDE constraint in migration 0002 forbids overlaps among the
 * rows that are not cancelled; migration 0031's CHECK bookings_option_shape gives every option its holder and end.
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
    /**
     * held (a cart's 15-minute hold), option (a buyer's free hold of some days, decision 082), confirmed
     * (paid), blocked (the owner's block, docs/product-rules.md section 8), cancelled.
     */
    status: text('status', { enum: ['held', 'option', 'confirmed', 'blocked', 'cancelled'] }).notNull(),
    /** Why the owner blocked the dates (blocked rows only). */
    blockReason: text('block_reason'),
    /** The member who blocked them (blocked rows only; null for the demo seed's blocks). */
    blockedByUserId: integer('blocked_by_user_id').references((): AnyPgColumn => users.id),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Options (migration 0031): the buyer holding the dates, when they renewed (once), when another asked. */
    heldByUserId: integer('held_by_user_id').references((): AnyPgColumn => users.id),
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    requestedByUserId: integer('requested_by_user_id').references((): AnyPgColumn => users.id),
    /** How a cancelled option ended. */
    optionEnded: text('option_ended', { enum: ['released', 'expired', 'booked'] }),
    /** The agency client an option is held for (decision 092; the reference is migration 0043's). */
    clientId: integer('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_order_idx').on(t.orderId),
    // A page's unavailable dates look up bookings by product_id = any(...), which the GiST exclusion
    // index cannot serve; without this they scan every booking in the next year.
    index('bookings_product_status_idx').on(t.productId, t.status),
    index('bookings_held_expiry_idx').on(t.holdExpiresAt).where(sql`status = 'held'`),
    index('bookings_option_expiry_idx').on(t.holdExpiresAt).where(sql`status = 'option'`),
    index('bookings_holder_idx').on(t.heldByUserId).where(sql`status = 'option'`),
    index('bookings_option_expired_idx').on(t.holdExpiresAt).where(sql`option_ended = 'expired'`),
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
export * from './agencies-schema.ts';
export * from './core-schema.ts';
export * from './partner-schema.ts';
export * from './payouts-schema.ts';
export * from './pricing-schema.ts';
export * from './proposals-schema.ts';
export * from './sessions-schema.ts';
export * from './support-schema.ts';
