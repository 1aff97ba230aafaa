-- Issue 49, DESIGN section 19 (decision 086): a buyer's brief, the owners' proposals answering it, their
-- lines (a site, dates, the price standing now) and every offer made on a line, kept for good. Money is
-- integer paise; a line's price is its total before GST for its dates.
CREATE TABLE IF NOT EXISTS "briefs" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_user_id" integer NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"cities" jsonb NOT NULL,
	"formats" jsonb NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"budget_paise" bigint NOT NULL,
	"objective" text NOT NULL,
	"notes" text NOT NULL,
	"respond_by" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "briefs_shape" CHECK ("to_date" > "from_date" AND "budget_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "briefs_buyer_idx" ON "briefs" USING btree ("buyer_user_id","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "briefs_respond_by_idx" ON "briefs" USING btree ("respond_by");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"brief_id" integer NOT NULL REFERENCES "briefs"("id"),
	"media_owner_id" integer NOT NULL REFERENCES "media_owners"("id"),
	"created_by_user_id" integer REFERENCES "users"("id"),
	"status" text DEFAULT 'open' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"notes" text NOT NULL,
	"order_id" integer REFERENCES "orders"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status" CHECK ("status" IN ('open', 'declined', 'booked')),
	CONSTRAINT "proposals_booked_order" CHECK (("status" = 'booked') = ("order_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_brief_idx" ON "proposals" USING btree ("brief_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_owner_idx" ON "proposals" USING btree ("media_owner_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "proposal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_id" integer NOT NULL REFERENCES "proposals"("id"),
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price_paise" bigint NOT NULL,
	"list_price_paise" bigint NOT NULL,
	"owner_price_paise" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"turn" text DEFAULT 'buyer' NOT NULL,
	CONSTRAINT "proposal_lines_shape" CHECK ("to_date" > "from_date" AND "price_paise" > 0 AND "owner_price_paise" > 0
		AND "status" IN ('open', 'accepted', 'declined', 'booked') AND "turn" IN ('owner', 'buyer'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposal_lines_proposal_idx" ON "proposal_lines" USING btree ("proposal_id","id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "proposal_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_id" integer NOT NULL REFERENCES "proposals"("id"),
	"line_id" integer NOT NULL REFERENCES "proposal_lines"("id"),
	"side" text NOT NULL,
	"action" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_offers_shape" CHECK ("side" IN ('owner', 'buyer') AND "action" IN ('offer', 'counter', 'accept', 'decline') AND "price_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposal_offers_proposal_idx" ON "proposal_offers" USING btree ("proposal_id","id");
