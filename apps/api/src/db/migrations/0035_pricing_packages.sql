-- Issue 48 (decision 090): an owner's packages, a set of its sites for one period at one price in paise
-- before GST. Orders keep the prices they were placed with (order_items.price_lines), so withdrawing a
-- package deletes its row.
CREATE TABLE IF NOT EXISTS "pricing_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_owner_id" integer NOT NULL REFERENCES "media_owners"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"product_ids" integer[] NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price_paise" bigint NOT NULL,
	"notes" text,
	"created_by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_packages_shape" CHECK (
		"to_date" > "from_date" AND "price_paise" > 0 AND cardinality("product_ids") >= 2
	)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pricing_packages_owner_idx" ON "pricing_packages" USING btree ("media_owner_id", "id");
