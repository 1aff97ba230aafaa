import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core-schema.ts';

/**
 * Signed-in sessions behind the session cookie (docs/decisions/042). The cookie holds a random 256-bit
 * token; only its SHA-256 is stored, so a copy of this table signs nobody in. `id` is the public handle
 * the sessions list and DELETE /api/auth/sessions/{id} use. Written only by the auth module.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Renewed by activity at most once a minute; the idle limit counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute limit: created_at plus 30 days, however active. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** "Chrome on Android", for the list; never the whole user-agent string. */
    device: text('device').notNull(),
    ip: text('ip').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
