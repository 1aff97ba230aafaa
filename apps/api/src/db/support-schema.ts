import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './core-schema.ts';

/*
 * Tables that stand beside the catalogue and the money path: webhook replays, contact and help messages,
 * the app's own settings, the sandbox provider's records and Idempotency-Key claims (re-exported by
 * schema.ts, which drizzle-kit reads).
 */

/** Webhook events already applied, so a redelivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const helpRequests = pgTable('help_requests', {
  id: serial('id').primaryKey(),
  phoneNumber: text('phone_number').notNull(),
  email: text('email'),
  message: text('message').notNull(),
  isCustomized: boolean('is_customized').notNull().default(false),
  userId: integer('user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small key-value settings the app keeps about itself (e.g. whether the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The sandbox provider's own memory of what it captured: it plays Razorpay, which keeps its payments, so
 * the reconciliation pass can ask it the same question and a payment whose confirm and webhook were both
 * lost still reaches its order (docs/decisions/009). Unused with Razorpay.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** pay_sbx_..., the id the sandbox window hands back. */
    id: text('id').primaryKey(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['captured'] }).notNull(),
    /** How many more refunds of this payment the sandbox refuses (a rehearsed outage, set at Pay). */
    refundFailures: integer('refund_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.providerOrderId)],
);

/**
 * The sandbox provider's refunds, kept as Razorpay keeps them: one per idempotency key, so a retry with
 * the same key answers the first refund instead of refunding again (docs/decisions/030).
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** rfnd_sbx_... */
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_refunds_payment_idx').on(t.paymentId)],
);

/**
 * One row per creating call made with an Idempotency-Key (docs/product-rules.md section 3a, decision 016): claimed in
 * the call's own transaction before anything is created, so a concurrent duplicate waits on the unique key
 * and then answers the stored result instead of creating a second campaign, save or order.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Which call: the same key may be used once per call. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** What a replay answers (written in the same transaction as the claim). */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_unique').on(t.userId, t.scope, t.key)],
);

// Tables of the marketplace's other side (media owners, their sites' photos, the audit log).

/**
 * Secrets the replicas of one PostgreSQL deployment share (DESIGN 21, decision 070): generated once by
 * whichever process starts first (INSERT ... ON CONFLICT DO NOTHING, then read back), so every replica signs
 * and verifies the same tokens. Unused on PGlite, whose secrets stay under DATA_DIR.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-IP counters of @fastify/rate-limit's PostgreSQL store (modules/fair-use): replicas count together. */
export const requestLimits = pgTable('request_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * The operators' register of personal data breaches (DPDP Rules 2025 rule 7; legal/breach-rules.ts): what
 * happened and to whose data, and when the Board and the people were told and the 72-hour report sent.
 * A step once recorded keeps its time (the register is evidence); only the measures taken may grow.
 */
export const breaches = pgTable('breaches', {
  id: serial('id').primaryKey(),
  discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }),
  nature: text('nature').notNull(),
  extent: text('extent').notNull(),
  peopleAffected: integer('people_affected').notNull(),
  likelyImpact: text('likely_impact').notNull(),
  measures: text('measures').notNull().default(''),
  boardToldAt: timestamp('board_told_at', { withTimezone: true }),
  peopleToldAt: timestamp('people_told_at', { withTimezone: true }),
  reportSentAt: timestamp('report_sent_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  recordedBy: integer('recorded_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
