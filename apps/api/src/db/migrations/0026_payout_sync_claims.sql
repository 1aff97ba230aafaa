-- Issues 43 and 45 (decision 066). A payout's provider calls are made by one pass at a time: the pass
-- claims the payout (sync_claimed_until, set under the row lock) before it reads the provider and
-- decides, and gives the claim back when it writes the outcome; a crashed pass's claim lapses.
ALTER TABLE "payouts" ADD COLUMN "sync_claimed_until" timestamp with time zone;
--> statement-breakpoint
-- The provider's transfer status as the ledger last learnt it (created, processed, failed): it only moves
-- forward, so a transfer.failed arriving after transfer.processed is recorded for operators, not applied.
ALTER TABLE "payouts" ADD COLUMN "transfer_status" text;
--> statement-breakpoint
-- The sandbox keeps each reversal with its idempotency key: a repeated key answers the first reversal.
CREATE TABLE IF NOT EXISTS "sandbox_transfer_reversals" (
  "id" text PRIMARY KEY NOT NULL,
  "transfer_id" text NOT NULL REFERENCES "sandbox_transfers"("id"),
  "amount_paise" bigint NOT NULL,
  "idempotency_key" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sandbox_transfer_reversals_key_idx" ON "sandbox_transfer_reversals" USING btree ("transfer_id", "idempotency_key");
