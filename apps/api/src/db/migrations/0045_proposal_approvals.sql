-- Issue 49 (DESIGN 19, decision 092 fifth pass): an approval link can be for a negotiated proposal's
-- accepted lines at their agreed prices, as well as for a saved campaign's plan. Exactly one of the two is
-- named; the links kept before all name a campaign, so they are unchanged.
ALTER TABLE "agency_approvals" ALTER COLUMN "campaign_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "agency_approvals" ADD COLUMN IF NOT EXISTS "proposal_id" integer REFERENCES "proposals"("id");
--> statement-breakpoint
ALTER TABLE "agency_approvals" ADD CONSTRAINT "agency_approvals_one_subject" CHECK (("campaign_id" IS NULL) <> ("proposal_id" IS NULL));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agency_approvals_proposal_idx" ON "agency_approvals" USING btree ("proposal_id","client_id","id");
