-- Issue 49, DESIGN section 19 (decision 082): a buyer's hold ("option") is a bookings row with status
-- 'option' under the same EXCLUDE constraint as checkout holds, bookings and blocks (bookings_no_overlap
-- covers every status but 'cancelled'), so it can never overlap any of them. It lives until hold_expires_at.
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "held_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "renewed_at" timestamp with time zone;--> statement-breakpoint
-- Another buyer asked for the dates: the holder has 24 hours (hold_expires_at is brought forward).
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "requested_by_user_id" integer;--> statement-breakpoint
-- How an option ended once cancelled: released, expired, booked (replaced by its holder's checkout).
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "option_ended" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_held_by_user_id_users_id_fk" FOREIGN KEY ("held_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An option always has its holder and its end; nothing else carries a holder.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_option_shape" CHECK ((status = 'option') <= (held_by_user_id IS NOT NULL AND hold_expires_at IS NOT NULL AND order_id IS NULL));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_option_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE status = 'option';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_holder_idx" ON "bookings" USING btree ("held_by_user_id") WHERE status = 'option';
