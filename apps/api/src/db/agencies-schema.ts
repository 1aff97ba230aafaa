import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core-schema.ts';

/*
 * Agencies, their members and their clients (DESIGN section 19, decision 092; owned by modules/agencies).
 * Migration 0038 adds the checks.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_clients_agency_idx').on(t.agencyId, t.id)],
);
