-- Issue 48 (decision 080): a site's daily impressions (the existing "impression" column) carry their
-- source, the month measured, a method note and an operator's verified mark. A figure already stored was
-- typed by whoever listed the site, so it is owner-declared until its owner says otherwise.
ALTER TABLE "products" ADD COLUMN "audience_source" text DEFAULT 'owner_declared' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audience_measured_on" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audience_method" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audience_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audience_verified_by" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_audience_verified_by_users_id_fk" FOREIGN KEY ("audience_verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_audience_source_check" CHECK ("audience_source" IN ('owner_declared', 'traffic_count', 'survey', 'modelled'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_audience_measured_on_check" CHECK ("audience_measured_on" IS NULL OR "audience_measured_on" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');
