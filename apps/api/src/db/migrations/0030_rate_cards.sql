-- Issue 48 (decision 081): a site's weekly and four-weekly rates (per day, paise; null: the daily price),
-- the owners' seasonal and volume rules, and the breakdown each order line was priced with, kept so a
-- rule changed later never changes an order.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "weekly_price_paise" bigint;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "four_weekly_price_paise" bigint;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "price_lines" jsonb;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_owner_id" integer NOT NULL REFERENCES "media_owners"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"percent_bp" integer NOT NULL,
	"from_date" date,
	"to_date" date,
	"min_sites" integer,
	"min_value_paise" bigint,
	"created_by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_rules_shape" CHECK (
		("kind" = 'seasonal' AND "from_date" IS NOT NULL AND "to_date" > "from_date"
			AND "percent_bp" > -10000 AND "percent_bp" <> 0 AND "min_sites" IS NULL AND "min_value_paise" IS NULL)
		OR ("kind" = 'volume' AND "from_date" IS NULL AND "to_date" IS NULL
			AND "percent_bp" > 0 AND "percent_bp" < 10000
			AND (("min_sites" IS NOT NULL AND "min_sites" >= 1) OR ("min_value_paise" IS NOT NULL AND "min_value_paise" >= 0)))
	)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pricing_rules_owner_idx" ON "pricing_rules" ("media_owner_id", "id");
