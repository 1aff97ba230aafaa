-- Issue 49 (DESIGN 19, decision 092 third pass): a planner's saved campaign can be for one of the agency's
-- clients. The link is the agency's (its module owns it), one row per campaign: the campaign itself stays
-- the planner's, and a campaign for nobody has no row.
CREATE TABLE IF NOT EXISTS "agency_campaign_clients" (
	"campaign_id" integer PRIMARY KEY NOT NULL REFERENCES "campaigns"("id") ON DELETE CASCADE,
	"agency_id" integer NOT NULL REFERENCES "agencies"("id"),
	"client_id" integer NOT NULL REFERENCES "agency_clients"("id"),
	"set_by_user_id" integer NOT NULL REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agency_campaign_clients_user_idx" ON "agency_campaign_clients" USING btree ("agency_id","set_by_user_id");
