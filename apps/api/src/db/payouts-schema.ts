import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { mediaOwners, orderItems, orders } from './core-schema.ts';

/*
 * Payouts released by verified proof (docs/product-rules.md "Payouts", decision 047). Owned by the
 * payouts module (scripts/lint/table-owners.mjs). Amounts are integer paise.
 */

/** An approved owner's account with the payment provider (Razorpay Route linked account, or the sandbox's). */
export const linkedAccounts = pgTable('linked_accounts', {
  id: serial('id').primaryKey(),
  mediaOwnerId: integer('media_owner_id')
    .notNull()
    .unique()
    .references(() => mediaOwners.id),
  provider: text('provider').notNull(),
  /** acc_... once the provider made it. */
  accountId: text('account_id'),
  stakeholderId: text('stakeholder_id'),
  productId: text('product_id'),
  /** pending | active | needs_clarification | suspended */
  status: text('status').notNull().default('pending'),
  /** SHA-256 of IFSC and account number the account was configured with: a change re-verifies. */
  bankFingerprint: text('bank_fingerprint'),
  bankLast4: text('bank_last4'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One per paid order line: the owner's share as a transfer on hold until the proof is accepted. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id),
    /** YYYY-MM (IST) the order was paid: the statement month of the share. */
    month: text('month').notNull(),
    /** The line's value (excluding GST) and the owner's share of it when paid. */
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
    sharePaise: bigint('share_paise', { mode: 'number' }).notNull(),
    /** COMMISSION_PERCENT when paid: later refunds move the share by the same rule. */
    commissionPercent: doublePrecision('commission_percent').notNull(),
    /**
     * The tax context recorded at payment (null: paid before migration 0046, decision 047's arithmetic:
     * value less commission, no taxes). intra | inter: the owner's supply (the site's state against the
     * owner's GSTIN state) and the commission's (the owner's GSTIN state against the marketplace's).
     */
    supplyKind: text('supply_kind'),
    commissionSupplyKind: text('commission_supply_kind'),
    /** Whether the owner's PAN was valid when paid (TDS 0.1 %, else 5 %). */
    panValid: boolean('pan_valid'),
    /** The IST day of the supply (the payment): the TCS and TDS rates in force that day. */
    supplyOn: text('supply_on'),
    /*
     * Issue 47 (DESIGN 18, decision 093): the line's tax figures as recorded when they moved, so a closed
     * month's statement and the TCS/TDS reports read what was paid, never a recomputation.
     */
    gstOnSupplyPaise: bigint('gst_on_supply_paise', { mode: 'number' }).notNull().default(0),
    commissionPaise: bigint('commission_paise', { mode: 'number' }).notNull().default(0),
    commissionGstPaise: bigint('commission_gst_paise', { mode: 'number' }).notNull().default(0),
    tcsPaise: bigint('tcs_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    /** Sum of reversals before release; the owner is paid share - reversed. */
    reversedPaise: bigint('reversed_paise', { mode: 'number' }).notNull().default(0),
    /** Sum of recoveries of refunds after release. */
    recoveredPaise: bigint('recovered_paise', { mode: 'number' }).notNull().default(0),
    /** The refunds' taxable value spread on this line so far (the next refund's share starts there). */
    refundedTaxablePaise: bigint('refunded_taxable_paise', { mode: 'number' }).notNull().default(0),
    /** held | released | reversed | recovered | failed */
    state: text('state').notNull().default('held'),
    /** An operator's hold: a proof does not release it until an operator releases it. */
    operatorHold: boolean('operator_hold').notNull().default(false),
    reason: text('reason'),
    /** The proof an operator accepted or rejected last (accepted / rejected), and the one that released it. */
    decidedProofId: integer('decided_proof_id'),
    proofDecision: text('proof_decision'),
    releasedByProofId: integer('released_by_proof_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The captured payment the transfer is made from (null for cash: a direct transfer at release). */
    paymentId: text('payment_id'),
    provider: text('provider').notNull(),
    transferId: text('transfer_id'),
    /** What the provider was last told: the transfer exists on hold, or released. */
    providerReleased: boolean('provider_released').notNull().default(false),
    /** Paise of recoveries taken from this payout's transfer when it was released. */
    deductedPaise: bigint('deducted_paise', { mode: 'number' }).notNull().default(0),
    utr: text('utr'),
    /** Provider work left (create, reverse, release): the sync pass picks these. */
    needsSync: boolean('needs_sync').notNull().default(true),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The newest provider event applied (events older than it are recorded, not applied). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** The provider's transfer status as last learnt (created, processed, failed); it only moves forward. */
    transferStatus: text('transfer_status'),
    /** A sync pass's claim on the payout's provider calls (one pass at a time; a crashed pass's lapses). */
    syncClaimedUntil: timestamp('sync_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payouts_owner_idx').on(t.mediaOwnerId, t.id),
    index('payouts_sync_idx').on(t.needsSync, t.nextAttemptAt),
  ],
);

/** A refund's owner part taken off a payout before release (a Razorpay transfer reversal). */
export const payoutReversals = pgTable(
  'payout_reversals',
  {
    id: serial('id').primaryKey(),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    refundId: integer('refund_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** How much each figure of the line fell with this refund (issue 47; 0 on rows before migration 0046). */
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull().default(0),
    gstOnSupplyPaise: bigint('gst_on_supply_paise', { mode: 'number' }).notNull().default(0),
    commissionPaise: bigint('commission_paise', { mode: 'number' }).notNull().default(0),
    commissionGstPaise: bigint('commission_gst_paise', { mode: 'number' }).notNull().default(0),
    tcsPaise: bigint('tcs_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    /** YYYY-MM (IST) the refund was processed. */
    month: text('month').notNull(),
    providerReversalId: text('provider_reversal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payout_reversals_refund_idx').on(t.payoutId, t.refundId)],
);

/** A refund after release: recovered from the owner's next payouts, shown as a negative line. */
export const payoutRecoveries = pgTable(
  'payout_recoveries',
  {
    id: serial('id').primaryKey(),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id),
    refundId: integer('refund_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** How much each figure of the line fell with this refund (issue 47; 0 on rows before migration 0046). */
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull().default(0),
    gstOnSupplyPaise: bigint('gst_on_supply_paise', { mode: 'number' }).notNull().default(0),
    commissionPaise: bigint('commission_paise', { mode: 'number' }).notNull().default(0),
    commissionGstPaise: bigint('commission_gst_paise', { mode: 'number' }).notNull().default(0),
    tcsPaise: bigint('tcs_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    /**
     * After release the TDS already deducted stays on the paid line (CBDT Circular 17/2020): the TDS on the
     * refunded part, to set off against the next payment to the owner.
     */
    tdsSetOffPaise: bigint('tds_set_off_paise', { mode: 'number' }).notNull().default(0),
    /** YYYY-MM (IST) the refund was processed: the statement month. */
    month: text('month').notNull(),
    /** The later payout whose transfer it was taken from (null while outstanding). */
    recoveredFromPayoutId: integer('recovered_from_payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payout_recoveries_refund_idx').on(t.payoutId, t.refundId),
    index('payout_recoveries_owner_idx').on(t.mediaOwnerId, t.id),
  ],
);

/** Provider webhook events about transfers, by event id: a replay is recognised and not applied twice. */
export const transferEvents = pgTable('transfer_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  transferId: text('transfer_id'),
  /** The provider's created_at of the event: older than the payout's last applied event = not applied. */
  eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
  applied: boolean('applied').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** The sandbox provider's Route records, as Razorpay keeps linked accounts and transfers. */
export const sandboxLinkedAccounts = pgTable('sandbox_linked_accounts', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id'),
    accountId: text('account_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reversedPaise: bigint('reversed_paise', { mode: 'number' }).notNull().default(0),
    onHold: boolean('on_hold').notNull(),
    /** Ours (the payout id): one transfer per key, as the real caller finds its transfer by notes. */
    reference: text('reference').notNull().unique(),
    utr: text('utr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_transfers_payment_idx').on(t.paymentId)],
);

/** The sandbox's reversals, each under the caller's idempotency key (a repeated key answers the first). */
export const sandboxTransferReversals = pgTable(
  'sandbox_transfer_reversals',
  {
    id: text('id').primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => sandboxTransfers.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_transfer_reversals_key_idx').on(t.transferId, t.idempotencyKey)],
);
