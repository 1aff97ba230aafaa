-- Issue 48 (decision 081, second pass): a seasonal rule may cover chosen sites of its owner only (a
-- junction's festival, one city's wedding season). NULL keeps the rule on every site of the owner, so
-- the rules already kept are unchanged. A volume discount is about the order, so it never names sites.
ALTER TABLE "pricing_rules" ADD COLUMN IF NOT EXISTS "product_ids" integer[];
--> statement-breakpoint
ALTER TABLE "pricing_rules" DROP CONSTRAINT IF EXISTS "pricing_rules_sites_shape";
--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_sites_shape" CHECK (
	"product_ids" IS NULL OR ("kind" = 'seasonal' AND cardinality("product_ids") >= 1)
);
