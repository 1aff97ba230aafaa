-- One truth per order (docs/decisions/036-order-ledger.md). A line is `held` until its order is paid
-- (never "Booked" before): new lines start held, unpaid orders' lines become held, the lines of orders
-- whose payment came too late (failed) are cancelled.
ALTER TABLE "order_items" ALTER COLUMN "status" SET DEFAULT 'held';
--> statement-breakpoint
UPDATE "order_items" AS oi SET "status" = 'held'
  FROM "orders" AS o
  WHERE o."id" = oi."order_id" AND o."paid_at" IS NULL AND o."status" <> 'failed' AND oi."status" = 'scheduled';
--> statement-breakpoint
UPDATE "order_items" AS oi SET "status" = 'cancelled'
  FROM "orders" AS o
  WHERE o."id" = oi."order_id" AND o."status" = 'failed' AND oi."status" = 'scheduled';
