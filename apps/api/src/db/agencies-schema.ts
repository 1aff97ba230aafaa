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
import { campaigns, users } from './core-schema.ts';

/*
 * Agencies, their members and their clients (DESIGN section 19, decision 092; owned by modules/agencies).
 * Migration 0038 adds the checks; 0041 the approval links and the clients' approval and limit rules.
 */

export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  gstin: text('gstin').notNull(),
  pan: text('pan').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pin: text('pin').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member of an agency, by mobile number: an invitation is a member the moment its number signs in, so
 * no claim step is needed. One agency per number.
 */
export const agencyMembers = pgTable(
  'agency_members',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    phoneNumber: text('phone_number').notNull(),
    role: text('role', { enum: ['admin', 'planner', 'approver'] }).notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agency_members_phone_idx').on(t.phoneNumber),
    index('agency_members_agency_idx').on(t.agencyId),
  ],
);

export const agencyClients = pgTable(
  'agency_clients',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    gstin: text('gstin'),
    addressLine1: text('address_line_1').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pin: text('pin').notNull(),
    billTo: text('bill_to', { enum: ['client', 'agency'] })
      .notNull()
      .default('client'),
    /** Bookings for the client need its approver's yes on the plan (decision 092). */
    approvalRequired: boolean('approval_required').notNull().default(false),
    /** The most the client's orders may total before GST in one IST month; null: no limit. */
    monthlyLimitPaise: bigint('monthly_limit_paise', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_clients_agency_idx').on(t.agencyId, t.id)],
);

/** A stored line of an approval's plan, paise (the wire's rupees are made from it). */
export interface StoredApprovalLine {
  productId: number;
  siteName: string;
  city: string;
  format: string;
  fromDate: string;
  toDate: string;
  days: number;
  pricePaise: number;
  gstPaise: number;
}

/**
 * An approval link (decision 092): the plan as asked for, behind a token of which only the SHA-256 is kept;
 * decided once, revoked, or expired by its time.
 */
export const agencyApprovals = pgTable(
  'agency_approvals',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => agencyClients.id),
    /** The saved campaign whose plan is asked about, or null for a proposal's (exactly one is named). */
    campaignId: integer('campaign_id').references(() => campaigns.id),
    /**
     * A negotiated proposal's accepted lines at their agreed prices (migration 0045; its foreign key is in
     * the SQL, as briefs' client_id, so the schema files do not import each other).
     */
    proposalId: integer('proposal_id'),
    /** What the approver's page calls the plan: the campaign's name, or the brief's with the proposal's number. */
    campaignName: text('campaign_name').notNull(),
    tokenHash: text('token_hash').notNull(),
    lines: jsonb('lines').$type<StoredApprovalLine[]>().notNull(),
    /** What a booking must match: the SHA-256 of the lines' sites, dates and prices (approvals.service.ts). */
    linesHash: text('lines_hash').notNull(),
    requestedByUserId: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decision: text('decision', { enum: ['approved', 'rejected'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByName: text('decided_by_name'),
    comment: text('comment'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_approvals_token_idx').on(t.tokenHash),
    index('agency_approvals_agency_idx').on(t.agencyId, t.id),
    index('agency_approvals_campaign_idx').on(t.campaignId, t.clientId, t.id),
    index('agency_approvals_proposal_idx').on(t.proposalId, t.clientId, t.id),
  ],
);

/**
 * A planner's saved campaign made for one of the agency's clients (decision 092, migration 0044): one row
 * per campaign, written by the campaign's own planner; no row is a campaign for nobody in particular.
 */
export const agencyCampaignClients = pgTable(
  'agency_campaign_clients',
  {
    campaignId: integer('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => agencyClients.id),
    setByUserId: integer('set_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_campaign_clients_user_idx').on(t.agencyId, t.setByUserId)],
);
