-- Issue 46 (decision 070): with DATABASE_URL every replica reads the same generated secrets from here
-- instead of generating its own under its DATA_DIR.
CREATE TABLE IF NOT EXISTS "shared_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Per-IP limits of expensive catalogue reads that hold across replicas (modules/fair-use): one counter per
-- key and window.
CREATE TABLE IF NOT EXISTS "request_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
