import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mediaOwners, users } from './core-schema.ts';

/**
 * An owner's pricing rules (decision 081; owned by modules/pricing): `seasonal` (a percentage up or down
 * on the days of [from_date, to_date)) or `volume` (a discount once an order holds `min_sites` of the
 * owner's sites or its lines are worth more than `min_value_paise`). Migration 0030 checks the shapes.
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: serial('id').primaryKey(),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['seasonal', 'volume'] }).notNull(),
    name: text('name').notNull(),
    /** Basis points: seasonal signed (above -10000), volume the discount (1..9999). */
    percentBp: integer('percent_bp').notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    minSites: integer('min_sites'),
    minValuePaise: bigint('min_value_paise', { mode: 'number' }),
    /** A seasonal rule's sites (migration 0042); null: every site of the owner. */
    productIds: integer('product_ids').array(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricing_rules_owner_idx').on(t.mediaOwnerId, t.id)],
);

/**
 * An owner's packages (decision 090; owned by modules/pricing): its sites `product_ids` for exactly
 * [from_date, to_date) at `price_paise` before GST. Migration 0035 checks the shape.
 */
export const pricingPackages = pgTable(
  'pricing_packages',
  {
    id: serial('id').primaryKey(),
    mediaOwnerId: integer('media_owner_id')
      .notNull()
      .references(() => mediaOwners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    productIds: integer('product_ids').array().notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    notes: text('notes'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricing_packages_owner_idx').on(t.mediaOwnerId, t.id)],
);
