import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns, mediaOwners, orderItems, orders, products, users } from './core-schema.ts';

/*
 * An order's life after payment (docs/product-rules.md sections 9-12). Line statuses live on order_items.status
 * (see ORDER_LINE_TRANSITIONS in packages/shared); every change is one row of order_line_events.
 */

/** The timeline of a line: one row per status change, written with the change itself. */
export const orderLineEvents = pgTable(
  'order_line_events',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** null for the system (the job queue). */
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorRole: text('actor_role', { enum: ['buyer', 'media_owner', 'operator', 'system'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_line_events_item_idx').on(t.orderItemId, t.id)],
);

/** A buyer's artwork for a line (image or PDF, private). The newest row is the line's creative. */
export const creatives = pgTable(
  'creatives',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Pixels for images; null for PDFs whose page size could not be read. */
    width: integer('width'),
    height: integer('height'),
    /** The aspect-ratio warning against the site's width and height, shown to both sides (null: fits). */
    aspectWarning: text('aspect_warning'),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    rejectionReason: text('rejection_reason'),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('creatives_item_idx').on(t.orderItemId, t.id),
    index('creatives_status_idx').on(t.status, t.id),
  ],
);

/**
 * A media owner's proof photo of a line, with the three checks of docs/product-rules.md section 9 stored as they
 * were made: never silently accepted or refused.
 */
export const proofs = pgTable(
  'proofs',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The original as uploaded (private); the display copy is a resized WebP without metadata. */
    originalKey: text('original_key').notNull(),
    displayKey: text('display_key').notNull(),
    contentType: text('content_type').notNull(),
    /** From EXIF; null when the photo carries none. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Metres from the site's coordinates (null without a position). */
    distanceM: integer('distance_m'),
    /** 64-bit perceptual hash as 16 hex digits. */
    phash: text('phash').notNull(),
    /** The same hash of the mirrored photo and of centre crops (95 %, 90 %, mirrored 95 %): decision 040. */
    phashVariants: text('phash_variants').array().notNull().default(sql`'{}'::text[]`),
    /** EXIF Make and Model ("Apple iPhone 13"); null when the photo names none. */
    camera: text('camera'),
    /** The photo carried no EXIF at all, as messaging apps send photos: a hint for the buyer, not a verdict. */
    exifStripped: boolean('exif_stripped').notNull().default(false),
    /** The earlier proof this one nearly duplicates, if any. */
    duplicateOfProofId: integer('duplicate_of_proof_id'),
    verified: boolean('verified').notNull(),
    /** Codes and messages of the failed checks: [{ code, message }]. Empty when verified. */
    reasons: jsonb('reasons').$type<{ code: string; message: string }[]>().notNull().default([]),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the owner withdraws the proof within 24 hours (decision 046); it then counts nowhere. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('proofs_item_idx').on(t.orderItemId, t.id), index('proofs_product_idx').on(t.productId)],
);

/**
 * Gapless numbering of tax documents per series and financial year (INV/26-27/000001,
 * CN/26-27/000001; decision 027): the row is locked and incremented in the transaction that issues the document.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: ['INV', 'CN', 'COM'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * The marketplace's monthly tax invoice to an owner for its commission (DESIGN 18: SAC 998362, 18 %), in
 * the marketplace's own series COM/yy-yy/NNNNNN, one per owner and IST month with commission, its figures
 * as the payouts recorded them that month (decision 093). Owned by the invoices module.
 */
export const commissionInvoices = pgTable(
  'commission_invoices',
  {
    id: serial('id').primaryKey(),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id),
    /** YYYY-MM (IST) of the commission invoiced. */
    month: text('month').notNull(),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    /** The month's commission (taxable value) and its GST: CGST + SGST for an owner of the marketplace's state. */
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('commission_invoices_owner_month_idx').on(t.mediaOwnerId, t.month)],
);

/** The tax invoice of a paid order (one per order). The PDF is rendered from this row and the order. */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  number: text('number').notNull().unique(),
  financialYear: text('financial_year').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A refund of (part of) an order through the payment provider, with its credit note. The sum of an
 * order's refunds never exceeds what was paid (checked under the order's row lock).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** late_payment: a payment captured for an order that had closed, refunded automatically (decision 036). */
    kind: text('kind', { enum: ['buyer_cancellation', 'operator', 'late_payment'] }).notNull(),
    /** The order_items cancelled with this refund (empty for an operator's amount-only refund). */
    lineIds: jsonb('line_ids').$type<number[]>().notNull().default([]),
    /**
     * What the refund returns for each line, paise with GST (decision 065): every refund names its lines,
     * each part within what that line had left. Empty on refunds written before it (read by the old spread).
     */
    lineParts: jsonb('line_parts').$type<{ lineId: number; paise: number }[]>().notNull().default([]),
    provider: text('provider').notNull(),
    /** The provider payment refunded; null: the order's largest captured payment. */
    paymentId: text('payment_id'),
    providerRefundId: text('provider_refund_id'),
    /**
     * pending -> in_flight (being sent: cannot be abandoned until the provider answers, decision 065) ->
     * processed | pending (taken, not paid out) | failed (retried with the same key) -> abandoned by an operator.
     */
    status: text('status', { enum: ['pending', 'in_flight', 'processed', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    /** Times the provider refused it; the job queue asks again at next_attempt_at (null: an operator decides). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The provider's last refusal, in its words (never the request or keys). */
    lastError: text('last_error'),
    /** When the provider paid it out: the month it counts in on statements. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    abandonReason: text('abandon_reason'),
    abandonedByUserId: integer('abandoned_by_user_id').references(() => users.id),
    /** Sent to the provider so that a retry never refunds twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Allocated when the refund is processed, never before (a refused refund spends no number). */
    creditNoteNumber: text('credit_note_number').unique(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Messages to send (docs/product-rules.md section 11), written in the same transaction as the event that causes
 * them; the job queue delivers each once (dedupe_key is unique per event and recipient).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** A phone number (10 digits) or an email address. */
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_status_idx').on(t.status, t.id)],
);

/** The SMTP provider's development outbox (like sms_outbox; never used in production). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.id)],
);

/**
 * A read-only share link of a media plan (docs/product-rules.md section 12). Only the token's SHA-256 is stored;
 * the plan is frozen at sharing time in `snapshot` (sites, dates, prices; nothing about the buyer).
 */
export const planShares = pgTable(
  'plan_shares',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['campaign', 'customized', 'order'] }).notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id),
    orderId: integer('order_id').references(() => orders.id),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_shares_user_idx').on(t.createdByUserId, t.id)],
);
