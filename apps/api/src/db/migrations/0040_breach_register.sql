-- Issue 47 (personal data): the operators' breach register (DPDP Rules 2025 rule 7).
CREATE TABLE IF NOT EXISTS "breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"discovered_at" timestamp with time zone NOT NULL,
	"occurred_at" timestamp with time zone,
	"nature" text NOT NULL,
	"extent" text NOT NULL,
	"people_affected" integer NOT NULL,
	"likely_impact" text NOT NULL,
	"measures" text DEFAULT '' NOT NULL,
	"board_told_at" timestamp with time zone,
	"people_told_at" timestamp with time zone,
	"report_sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"recorded_by" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
