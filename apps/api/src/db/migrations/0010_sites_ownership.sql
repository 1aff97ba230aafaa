CREATE TABLE "site_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"original_key" text NOT NULL,
	"display_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "blocked_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "media_owner_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pending_changes" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_ft" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_ft" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "site_photos" ADD CONSTRAINT "site_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_photos" ADD CONSTRAINT "site_photos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_photos_product_idx" ON "site_photos" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_blocked_by_user_id_users_id_fk" FOREIGN KEY ("blocked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_media_owner_id_media_owners_id_fk" FOREIGN KEY ("media_owner_id") REFERENCES "public"."media_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("media_owner_id","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id");--> statement-breakpoint
-- The demo seed's owner blocks were confirmed bookings without an order; they are blocks.
UPDATE "bookings" SET "status" = 'blocked' WHERE "order_id" IS NULL AND "status" = 'confirmed';