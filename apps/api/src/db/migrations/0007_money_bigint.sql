ALTER TABLE "order_items" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;