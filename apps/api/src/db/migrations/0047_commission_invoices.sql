-- Issue 47 (DESIGN 18, decision 093): the marketplace's monthly tax invoice to each owner for its commission
-- (SAC 998362), numbered in the marketplace's own gapless series COM/yy-yy/NNNNNN (document_counters).
CREATE TABLE "commission_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_owner_id" integer NOT NULL,
	"month" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "commission_invoices" ADD CONSTRAINT "commission_invoices_media_owner_id_media_owners_id_fk" FOREIGN KEY ("media_owner_id") REFERENCES "public"."media_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_invoices_owner_month_idx" ON "commission_invoices" USING btree ("media_owner_id","month");