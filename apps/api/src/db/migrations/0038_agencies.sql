-- Issue 49, DESIGN section 19 (decision 092): agencies, their members by mobile number (one agency per
-- number) and their clients, billed directly ("through <agency>") or through the agency.
CREATE TABLE IF NOT EXISTS "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"gstin" text NOT NULL,
	"pan" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pin" text NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agency_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL REFERENCES "agencies"("id"),
	"phone_number" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_members_role" CHECK ("role" IN ('admin', 'planner', 'approver'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "agency_members_phone_idx" ON "agency_members" USING btree ("phone_number");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agency_members_agency_idx" ON "agency_members" USING btree ("agency_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agency_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL REFERENCES "agencies"("id"),
	"name" text NOT NULL,
	"gstin" text,
	"address_line_1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pin" text NOT NULL,
	"bill_to" text DEFAULT 'client' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_clients_bill_to" CHECK ("bill_to" IN ('client', 'agency'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agency_clients_agency_idx" ON "agency_clients" USING btree ("agency_id","id");
--> statement-breakpoint
-- An order placed by an agency for one of its clients keeps the client and the client's PO number.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "client_id" integer REFERENCES "agency_clients"("id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "po_number" text;
