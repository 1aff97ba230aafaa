import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mediaOwners, products, users } from './core-schema.ts';

export const MEMBER_ROLES = ['admin', 'manager', 'field'] as const;

/**
 * Users who act for a media owner. A user belongs to at most one owner (the unique user_id). The applicant
 * is its first admin; admins invite others with a role (decision 046).
 */
export const mediaOwnerMembers = pgTable(
  'media_owner_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id),
    role: text('role', { enum: MEMBER_ROLES }).notNull().default('admin'),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_members_owner_idx').on(t.mediaOwnerId)],
);

/**
 * An admin's invitation of a mobile number with a role; the invitee becomes a member the first time they
 * are signed in and ask who they act for. One open invitation per number (owned by modules/partners).
 */
export const mediaOwnerInvitations = pgTable(
  'media_owner_invitations',
  {
    id: serial('id').primaryKey(),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id),
    phoneNumber: text('phone_number').notNull().unique(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    invitedByUserId: integer('invited_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_invitations_owner_idx').on(t.mediaOwnerId)],
);

/** Every operator action (owned by modules/audit), written in the same transaction as the action itself. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id)],
);

/**
 * A photo of a site (owned by modules/sites). The original is kept as uploaded (private); the display
 * copy is resized and public. Position 0 is the cover.
 */
export const sitePhotos = pgTable(
  'site_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull().default(0),
    originalKey: text('original_key').notNull(),
    displayKey: text('display_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** pending until an operator approves it on a live site; a draft's photos go live with the site. */
    status: text('status', { enum: ['pending', 'live', 'removed'] })
      .notNull()
      .default('pending'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_photos_product_idx').on(t.productId, t.position)],
);
