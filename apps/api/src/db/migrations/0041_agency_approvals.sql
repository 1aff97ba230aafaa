-- Issue 49, DESIGN section 19 (decision 092): a client's approval links for a saved campaign's plan, and
-- the per-client rules a booking for the client meets (approval first; a monthly spend limit).
ALTER TABLE "agency_clients" ADD COLUMN IF NOT EXISTS "approval_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "agency_clients" ADD COLUMN IF NOT EXISTS "monthly_limit_paise" bigint;
--> statement-breakpoint
ALTER TABLE "agency_clients" ADD CONSTRAINT "agency_clients_monthly_limit_positive"
	CHECK ("monthly_limit_paise" IS NULL OR "monthly_limit_paise" > 0);
--> statement-breakpoint
-- One link: the plan as it was asked for (lines and their hash), behind a token of which only the SHA-256
-- is kept; decided once (decision set), or revoked, or expired by its time.
CREATE TABLE IF NOT EXISTS "agency_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL REFERENCES "agencies"("id"),
	"client_id" integer NOT NULL REFERENCES "agency_clients"("id"),
	"campaign_id" integer NOT NULL REFERENCES "campaigns"("id"),
	"campaign_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"lines" jsonb NOT NULL,
	"lines_hash" text NOT NULL,
	"requested_by_user_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by_name" text,
	"comment" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "agency_approvals_decision" CHECK ("decision" IS NULL OR "decision" IN ('approved', 'rejected')),
	CONSTRAINT "agency_approvals_decided" CHECK (("decision" IS NULL) = ("decided_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "agency_approvals_token_idx" ON "agency_approvals" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agency_approvals_agency_idx" ON "agency_approvals" USING btree ("agency_id","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agency_approvals_campaign_idx" ON "agency_approvals" USING btree ("campaign_id","client_id","id");
--> statement-breakpoint
-- A client's orders of a month are summed at booking (the monthly limit).
CREATE INDEX IF NOT EXISTS "orders_client_idx" ON "orders" USING btree ("client_id","created_at") WHERE "client_id" IS NOT NULL;
