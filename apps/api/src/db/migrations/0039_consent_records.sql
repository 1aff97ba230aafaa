-- Issue 47 (personal data): the consent notice's version travels with a code request and is kept with the
-- account once the code signs in; marketing consent is separate and withdrawable. Rows are never edited.
ALTER TABLE "otp_verifications" ADD COLUMN IF NOT EXISTS "consent_version" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"purpose" text NOT NULL CHECK ("purpose" IN ('notice', 'marketing')),
	"version" text NOT NULL,
	"action" text NOT NULL CHECK ("action" IN ('given', 'withdrawn')),
	"at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consent_records_user_idx" ON "consent_records" USING btree ("user_id", "purpose", "id");
