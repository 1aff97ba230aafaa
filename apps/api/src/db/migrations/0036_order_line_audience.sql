-- Issue 48 (decision 091): an order line keeps its site's audience figure as it was when booked (daily
-- impressions, source, month measured, method, verified mark), so the order's figures and the
-- post-campaign report never follow a later change of the site. Lines booked before this migration have
-- none: they read "not recorded at booking", never the site's current figure in its place.
ALTER TABLE "order_items" ADD COLUMN "audience_recorded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "audience_daily_impressions" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "audience_source" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "audience_measured_on" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "audience_method" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "audience_verified" boolean;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_audience_source_check" CHECK ("audience_source" IS NULL OR "audience_source" IN ('owner_declared', 'traffic_count', 'survey', 'modelled'));
