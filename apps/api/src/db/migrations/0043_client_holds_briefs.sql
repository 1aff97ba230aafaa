-- Issue 49 (DESIGN 19, decision 092, second pass): holds and briefs can be made for an agency's client, as
-- orders and approval links already are. NULL is the buyer's own hold or brief, so every row kept is
-- unchanged. The client is checked at write time (one of the holder's agency, admin or planner).
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "client_id" integer REFERENCES "agency_clients"("id");
--> statement-breakpoint
ALTER TABLE "briefs" ADD COLUMN IF NOT EXISTS "client_id" integer REFERENCES "agency_clients"("id");
