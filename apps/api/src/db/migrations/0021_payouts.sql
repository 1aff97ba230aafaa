-- Payouts released by verified proof (decision 047): linked accounts, payouts on hold, reversals before
-- release, recoveries after it, the provider's transfer events, and the sandbox's Route records.
CREATE TABLE "linked_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_owner_id" integer NOT NULL REFERENCES "media_owners"("id"),
	"provider" text NOT NULL,
	"account_id" text,
	"stakeholder_id" text,
	"product_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_fingerprint" text,
	"bank_last4" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "linked_accounts_media_owner_id_unique" UNIQUE("media_owner_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id"),
	"order_item_id" integer NOT NULL REFERENCES "order_items"("id"),
	"media_owner_id" integer NOT NULL REFERENCES "media_owners"("id"),
	"month" text NOT NULL,
	"value_paise" bigint NOT NULL,
	"share_paise" bigint NOT NULL,
	"commission_percent" double precision NOT NULL,
	"reversed_paise" bigint DEFAULT 0 NOT NULL,
	"recovered_paise" bigint DEFAULT 0 NOT NULL,
	"refunded_taxable_paise" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"operator_hold" boolean DEFAULT false NOT NULL,
	"reason" text,
	"decided_proof_id" integer,
	"proof_decision" text,
	"released_by_proof_id" integer,
	"released_at" timestamp with time zone,
	"payment_id" text,
	"provider" text NOT NULL,
	"transfer_id" text,
	"provider_released" boolean DEFAULT false NOT NULL,
	"deducted_paise" bigint DEFAULT 0 NOT NULL,
	"utr" text,
	"needs_sync" boolean DEFAULT true NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_order_item_id_unique" UNIQUE("order_item_id"),
	-- Never more than the line's share leaves: what is reversed stays within it.
	CONSTRAINT "payouts_reversed_within_share" CHECK ("reversed_paise" >= 0 AND "reversed_paise" <= "share_paise")
);
--> statement-breakpoint
CREATE INDEX "payouts_owner_idx" ON "payouts" USING btree ("media_owner_id","id");--> statement-breakpoint
CREATE INDEX "payouts_sync_idx" ON "payouts" USING btree ("needs_sync","next_attempt_at");--> statement-breakpoint
CREATE TABLE "payout_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL REFERENCES "payouts"("id"),
	"refund_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"month" text NOT NULL,
	"provider_reversal_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_reversals_refund_idx" ON "payout_reversals" USING btree ("payout_id","refund_id");--> statement-breakpoint
CREATE TABLE "payout_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL REFERENCES "payouts"("id"),
	"media_owner_id" integer NOT NULL REFERENCES "media_owners"("id"),
	"refund_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"month" text NOT NULL,
	"recovered_from_payout_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recoveries_refund_idx" ON "payout_recoveries" USING btree ("payout_id","refund_id");--> statement-breakpoint
CREATE INDEX "payout_recoveries_owner_idx" ON "payout_recoveries" USING btree ("media_owner_id","id");--> statement-breakpoint
CREATE TABLE "transfer_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"transfer_id" text,
	"event_at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_linked_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"details" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_linked_accounts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text,
	"account_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reversed_paise" bigint DEFAULT 0 NOT NULL,
	"on_hold" boolean NOT NULL,
	"reference" text NOT NULL,
	"utr" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_transfers_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE INDEX "sandbox_transfers_payment_idx" ON "sandbox_transfers" USING btree ("payment_id");
