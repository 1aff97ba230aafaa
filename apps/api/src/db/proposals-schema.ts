import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mediaOwners, orders, products, users } from './core-schema.ts';

/*
 * Briefs, proposals and offers (DESIGN section 19, decision 086; owned by modules/proposals). Money is
 * integer paise. Migration 0033 adds the checks.
 */

/** A buyer's brief: what they want where and when, for how much, answered by `respond_by` (IST day). */
export const briefs = pgTable(
  'briefs',
  {
    id: serial('id').primaryKey(),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** City names as the buyer typed them; matched case-insensitively against live sites' cities. */
    cities: jsonb('cities').$type<string[]>().notNull(),
    /** Category names (empty: any format). */
    formats: jsonb('formats').$type<string[]>().notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    budgetPaise: bigint('budget_paise', { mode: 'number' }).notNull(),
    objective: text('objective').notNull(),
    notes: text('notes').notNull(),
    respondBy: date('respond_by', { mode: 'string' }).notNull(),
    /** The agency client the brief is for (decision 092; the reference is migration 0043's). */
    clientId: integer('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('briefs_buyer_idx').on(t.buyerUserId, t.id), index('briefs_respond_by_idx').on(t.respondBy)],
);

/** One owner's answer to a brief; `valid_until` is the moment the offer lapses (end of its last IST day). */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    briefId: integer('brief_id')
      .notNull()
      .references(() => briefs.id),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    status: text('status', { enum: ['open', 'declined', 'booked'] })
      .notNull()
      .default('open'),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    notes: text('notes').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposals_brief_idx').on(t.briefId), index('proposals_owner_idx').on(t.mediaOwnerId)],
);

/** A site and dates of a proposal, with the price standing now and whose answer it waits for. */
export const proposalLines = pgTable(
  'proposal_lines',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** The last offer's price: the line's total before GST, paise. */
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    /** The rate card's price for the dates when proposed (for comparison only). */
    listPricePaise: bigint('list_price_paise', { mode: 'number' }).notNull(),
    /** The owner's last offer, which a declined counter falls back to. */
    ownerPricePaise: bigint('owner_price_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['open', 'accepted', 'declined', 'booked'] })
      .notNull()
      .default('open'),
    turn: text('turn', { enum: ['owner', 'buyer'] })
      .notNull()
      .default('buyer'),
  },
  (t) => [index('proposal_lines_proposal_idx').on(t.proposalId, t.id)],
);

/** Every step of every line's negotiation, never changed or removed: the history both sides read. */
export const proposalOffers = pgTable(
  'proposal_offers',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => proposalLines.id),
    side: text('side', { enum: ['owner', 'buyer'] }).notNull(),
    action: text('action', { enum: ['offer', 'counter', 'accept', 'decline'] }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    byUserId: integer('by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_offers_proposal_idx').on(t.proposalId, t.id)],
);
