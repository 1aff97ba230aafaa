-- Issue 47 (DESIGN 18, decision 093): a payout records the tax context and figures of its line when the
-- order is paid (GST on the owner's supply, commission, GST on the commission, TCS, TDS), and each reversal
-- and recovery records how much each figure fell, so statements and the TCS/TDS reports read what moved.
-- Payouts made before this migration keep decision 047's arithmetic (value less commission, no taxes): their
-- tax context stays null and their commission is what they kept back; their refund rows record only amounts.
ALTER TABLE "payout_recoveries" ADD COLUMN "taxable_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD COLUMN "gst_on_supply_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD COLUMN "commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD COLUMN "commission_gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD COLUMN "tcs_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD COLUMN "tds_set_off_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "taxable_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "gst_on_supply_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "commission_gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "tcs_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "supply_kind" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_supply_kind" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pan_valid" boolean;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "supply_on" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gst_on_supply_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tcs_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "payouts" SET "commission_paise" = "value_paise" - "share_paise";
