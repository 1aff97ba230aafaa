-- Issue 22 (decision 046): an owner's team with roles, invitations by mobile number, suspension of an
-- owner and take-down of a site with their reasons, withdrawn proofs.
ALTER TABLE "media_owner_members" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_owner_members" ADD COLUMN "invited_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "media_owner_members" ADD CONSTRAINT "media_owner_members_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_owner_members_owner_idx" ON "media_owner_members" USING btree ("media_owner_id");--> statement-breakpoint
CREATE TABLE "media_owner_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_owner_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_owner_invitations_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
ALTER TABLE "media_owner_invitations" ADD CONSTRAINT "media_owner_invitations_media_owner_id_media_owners_id_fk" FOREIGN KEY ("media_owner_id") REFERENCES "public"."media_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_owner_invitations" ADD CONSTRAINT "media_owner_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_owner_invitations_owner_idx" ON "media_owner_invitations" USING btree ("media_owner_id");--> statement-breakpoint
ALTER TABLE "media_owners" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE INDEX "media_owners_gstin_idx" ON "media_owners" USING btree ("gstin");--> statement-breakpoint
CREATE INDEX "media_owners_pan_idx" ON "media_owners" USING btree ("pan");--> statement-breakpoint
CREATE INDEX "media_owners_account_idx" ON "media_owners" USING btree ("ifsc","account_number");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status_before_hold" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "withdrawn_at" timestamp with time zone;
