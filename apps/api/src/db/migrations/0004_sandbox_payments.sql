-- The sandbox provider's record of what it captured, asked by the payment reconciliation pass
-- (docs/decisions/009-payment-reconciliation.md), as Razorpay's API is.
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_idx" ON "sandbox_payments" USING btree ("provider_order_id");