-- Issue 46 (decision 070): with DATABASE_URL every replica reads the same generated secrets from here
-- instead of generating its own under its DATA_DIR.
CREATE TABLE IF NOT EXISTS "shared_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
