-- Issue 19: a cash order is paid in cash or by bank transfer. Only cash counts towards the Income Tax
-- Act s.269ST limit (₹2,00,000 per order or per buyer per day, GST included), so the order records which.
-- NULL for online orders and for cash orders placed before this column.
ALTER TABLE "orders" ADD COLUMN "offline_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offline_method_check" CHECK ("offline_method" IN ('cash', 'bank_transfer'));
